import { lazy, Suspense } from 'react';
import { useAppStore } from '../../store/store.ts';
import { keyStore } from './key-store.ts';

/** The dialog is loaded when first opened: most learners never turn live mode on. */
const KeyDialog = lazy(() => import('./KeyDialog.tsx'));

/**
 * The Live switch beside Run: on, Run sends the learner's own question through their code to
 * the real API with their own key (asked for on the way in). Off in every new tab.
 */
export function LiveSwitch() {
  const liveOn = useAppStore((s) => s.liveOn);
  const dialog = useAppStore((s) => s.keyDialog);
  const toggle = (on: boolean) => {
    const store = useAppStore.getState();
    store.setLiveOn(on);
    if (!on) return;
    // Live mode's code (the SDK among it) loads now, ahead of the first live Run.
    void import('./live-controller.ts').then(({ preloadLive }) => preloadLive());
    if (!keyStore.get()) store.setKeyDialog('needed');
  };
  return (
    <>
      <label
        className="switch live-switch"
        title="Run against the real Messages API with your own key"
      >
        <input type="checkbox" checked={liveOn} onChange={(e) => toggle(e.target.checked)} />
        <span className="switch-track" aria-hidden="true" />
        Live
      </label>
      {dialog !== 'closed' && (
        <Suspense fallback={null}>
          <KeyDialog reason={dialog} />
        </Suspense>
      )}
    </>
  );
}
