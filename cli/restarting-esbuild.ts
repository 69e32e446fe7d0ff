import type * as Esbuild from 'esbuild';
import type { EsbuildLike } from '../core/index.ts';

/** What esbuild's API says of every build once its service process has died. */
const SERVICE_GONE = /^The service (was stopped|is no longer running)/;

/**
 * esbuild as the CLI bundles with it, restarted when its service dies: code nested a few hundred
 * thousand levels deep overflows the Go stack of esbuild's process, and every later build in
 * this process (`test --watch`, the next stage) would fail with "The service is no longer
 * running". The build that killed it says what happened, and the next one starts a new service.
 */
export function restartingEsbuild(esbuild: typeof Esbuild): EsbuildLike {
  return {
    build: (options) =>
      esbuild.build(options).catch(async (error: unknown) => {
        const text = error instanceof Error ? error.message : String(error);
        if (!SERVICE_GONE.test(text)) throw error;
        await esbuild.stop();
        throw new Error(
          'esbuild could not bundle this code (its process died): is something nested hundreds ' +
            'of thousands of levels deep? esbuild has been restarted for the next run.',
        );
      }),
  };
}
