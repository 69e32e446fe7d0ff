/** Live mode alone needs the network: what it says when the page has none. */
export const OFFLINE_TEXT =
  'This page is offline: live mode needs the network to reach the API. Your code, question and key are kept; run again once you are online.';

/** The browser says it has no network (navigator.onLine is false). */
export const isOffline = (): boolean =>
  typeof navigator !== 'undefined' && navigator.onLine === false;
