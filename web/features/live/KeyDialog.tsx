import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useAppStore } from '../../store/store.ts';
import type { KeyDialogReason } from '../../store/live-slice.ts';
import { keyProblem, keyStore } from './key-store.ts';
import { keyGiven, keyRefused } from './live-controller.ts';
import './live.css';

const CONSOLE_KEYS_URL = 'https://console.anthropic.com/settings/keys';

const lead: Record<Exclude<KeyDialogReason, 'closed'>, string> = {
  needed: 'Live mode calls the Messages API with your own key, from this page.',
  change: 'Enter the key live mode should use from now on.',
  rejected:
    'The API did not accept the key (401 authentication_error), so it has been forgotten. Enter a valid key to run again.',
};

/**
 * Asks for the learner's Anthropic API key: a password field, where to get a key, and an
 * explicit opt-in to remember it on this device. The key goes to the key store and nowhere
 * else; the field is emptied when the dialog closes.
 */
export default function KeyDialog({ reason }: { reason: Exclude<KeyDialogReason, 'closed'> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const setKeyDialog = useAppStore((s) => s.setKeyDialog);
  const baseURL = useAppStore((s) => s.liveSettings.baseURL);
  const state = useSyncExternalStore(keyStore.subscribe, keyStore.state);
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(state === 'remembered');
  const [problem, setProblem] = useState<string>();
  const ids = { title: useId(), lead: useId(), field: useId(), help: useId(), error: useId() };

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => {
    setKey('');
    keyRefused();
    setKeyDialog('closed');
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = keyProblem(key);
    if (found) {
      setProblem(found);
      return;
    }
    keyStore.set(key.trim(), remember);
    setKey('');
    setKeyDialog('closed');
    keyGiven();
  };
  const forget = () => {
    keyStore.forget();
    setRemember(false);
  };

  return (
    <dialog
      ref={dialog}
      className="key-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.lead}
      onClose={close}
    >
      <form method="dialog" onSubmit={save} noValidate>
        <h2 id={ids.title}>Your Anthropic API key</h2>
        <p id={ids.lead} className={reason === 'rejected' ? 'key-dialog-problem' : undefined}>
          {lead[reason]}
        </p>
        <label htmlFor={ids.field}>API key</label>
        <input
          id={ids.field}
          className="text-field"
          type="password"
          name="api-key"
          autoComplete="off"
          spellCheck={false}
          placeholder="sk-ant-…"
          value={key}
          aria-describedby={`${ids.help}${problem ? ` ${ids.error}` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            setKey(e.target.value);
            setProblem(undefined);
          }}
          autoFocus
        />
        {problem && (
          <p id={ids.error} className="key-dialog-problem" role="alert">
            {problem}
          </p>
        )}
        <p id={ids.help} className="key-dialog-help">
          Get one in the Anthropic Console, under{' '}
          <a href={CONSOLE_KEYS_URL} target="_blank" rel="noreferrer">
            Settings → API keys
          </a>
          . It is sent only to {baseURL}, by this page: never to your code, never in a share link.
          Each live run is billed to your account.
        </p>
        <label className="key-dialog-remember">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => setRemember(e.target.checked)}
          />
          Remember on this device (kept in this browser&apos;s storage until you forget it)
        </label>
        <div className="key-dialog-actions">
          {state !== 'none' && (
            <button type="button" className="button ghost" onClick={forget}>
              Forget the key
            </button>
          )}
          <span className="key-dialog-spacer" />
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Use this key
          </button>
        </div>
      </form>
    </dialog>
  );
}
