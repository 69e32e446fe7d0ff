/**
 * The name a host gives the sandbox's runtime when it evaluates it apart from the lesson's bundle
 * (a split bundle, see `RuntimeMode` in core/run/bundle.ts): its frames are the runtime's, left out like the runtime's
 * frames inside a whole bundle, and never read through the lesson bundle's source map.
 */
export const RUNTIME_SCRIPT_NAME = 'theinference-runtime.js';
