import { config } from 'zod';

/**
 * The app's Content-Security-Policy forbids eval. Without `jitless`, zod probes for it with
 * `new Function` the first time it validates an object: the throw is caught, but the browser
 * still reports a policy violation. Imported first by boot.ts, before any schema runs.
 */
config({ jitless: true });
