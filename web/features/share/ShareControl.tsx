import { Icon } from '../../ui/Icon.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { LONG_LINK_CHARS, type Lesson } from '../../../core/index.ts';
import { visibleDraft } from '../../store/drafts-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { isStarter, shareUrl } from './share-url.ts';
import './share.css';

interface Shared {
  link: string;
  copied: boolean;
  starter: boolean;
}

/**
 * Share: builds a link to this lesson holding the code in the editor, copies it, and shows
 * it in a read-only field too (to copy by hand where the clipboard is out of reach), with its
 * length and a warning when chat apps may cut it off.
 */
export function ShareControl({ lesson, packId }: { lesson: Lesson; packId?: string | undefined }) {
  const [shared, setShared] = useState<Shared>();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);

  const share = async () => {
    const draft = visibleDraft(useAppStore.getState(), lesson.id);
    const link = shareUrl(lesson, draft, window.location, packId);
    const starter = isStarter(lesson, draft);
    setShared({ link, copied: false, starter });
    const copied = await copyText(link);
    setShared((now) => (now?.link === link ? { ...now, copied } : now));
  };
  const close = () => {
    setShared(undefined);
    button.current?.focus();
  };

  useEffect(() => {
    if (!shared || shared.copied) return;
    field.current?.focus();
    field.current?.select();
  }, [shared]);

  return (
    <div className="share-control">
      <button
        ref={button}
        type="button"
        className="button"
        aria-expanded={shared !== undefined}
        aria-controls={panelId}
        onClick={() => void share()}
      >
        <Icon name="share" size={13} /> <span className="share-label">Share</span>
      </button>
      {shared && (
        <div
          id={panelId}
          className="share-panel"
          role="group"
          aria-label="Share link"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <p aria-live="polite" className="share-status">
            {shared.copied
              ? 'Link copied to the clipboard.'
              : 'Copy the link from the field below (the clipboard is not available here).'}
          </p>
          <label className="share-field">
            <span>Link to this code</span>
            <input
              ref={field}
              readOnly
              value={shared.link}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <p className="share-length">
            {shared.link.length.toLocaleString('en')} characters.
            {shared.starter &&
              " Your code is the lesson's starter: the link opens it as it begins."}
          </p>
          {shared.link.length > LONG_LINK_CHARS && (
            <p className="share-warning">
              This link is longer than {LONG_LINK_CHARS.toLocaleString('en')} characters: chat apps
              and some browsers may cut it off. If it arrives broken, send the code as a file
              instead.
            </p>
          )}
          <button type="button" className="button small" onClick={close}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

/** Writes to the clipboard where the browser allows it; false where it does not. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
