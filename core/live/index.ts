/**
 * Live mode's own entry into the core, apart from `core/index.ts` so that a host can load it
 * only when live mode is turned on (the page keeps it out of its first-visit bytes). What the
 * runner needs (`startLiveRun`) and the types are exported from `core/index.ts`.
 */
export { checkLiveRun } from './check-live-run.ts';
export { totalUsage } from './live-run.ts';
export { recordLiveCase } from './record-case.ts';
export { refuseLocally } from './refuse-locally.ts';
