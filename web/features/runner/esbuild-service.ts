import * as esbuild from 'esbuild-wasm';
import wasmURL from 'esbuild-wasm/esbuild.wasm?url';
import type { EsbuildLike } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';

let ready: Promise<EsbuildLike> | undefined;

/**
 * esbuild-wasm, initialised once in the background as the page loads, so the learner's first
 * Run does not pay for it (the lesson's first bundle is made ahead too: prepareRun). A failure
 * is reported to the store (the page says so and offers a retry) and forgotten, so the next
 * call tries again.
 */
export function loadBundler(): Promise<EsbuildLike> {
  if (ready) return ready;
  const setBundler = useAppStore.getState().setBundler;
  setBundler({ state: 'loading' });
  const attempt = (async () => {
    await esbuild.initialize({ wasmURL, worker: true });
    return esbuild as EsbuildLike;
  })();
  ready = attempt;
  attempt.then(
    () => setBundler({ state: 'ready' }),
    (error: unknown) => {
      if (ready === attempt) ready = undefined;
      setBundler({ state: 'failed', message: describe(error) });
    },
  );
  return attempt;
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
