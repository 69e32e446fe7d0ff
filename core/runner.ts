/**
 * The public entry of the programs that bundle and run a lesson's code apart from the page: the
 * bundler worker (and web/host/page/bundler-client.ts, which starts it before the app is
 * evaluated), and the runner frame. Bundling, running and grading only (and the RPC the frame
 * talks to the page over): through core/index.ts they would carry the course loader, the tutor
 * and live mode too (esbuild keeps every module with side effects, zod's schemas among them).
 */
export {
  bundleInputs,
  createIncrementalBundler,
  type BundleResult,
  type EsbuildContextLike,
} from './run/bundle.ts';
export { gradeBundle } from './grade/start-grading.ts';
export { runScript } from './run/run-case.ts';
export { createStackMapper } from './run/stack-map.ts';
export { parseDecision } from './wire/approval.ts';
export { createRelayGuard, relayStoppedError } from './wire/relay-guard.ts';
export { createRpc, type Rpc, type RpcCall, type RpcMessage } from './wire/rpc.ts';
