import { originOf } from './app-origin.ts';

// Where the consent window (and the web host's consent broker) may go. The consent page lives on the
// provider's origin and may move within it (its own form posts); the one way out is the redirect to our
// callbackUrl, which is never loaded: it is caught, and its `state` and `code` are handed to the core.
// Everything else (other sites, other ports, javascript:, data:, credentials tricks) is denied.

export type ConsentNavigation = 'callback' | 'allow' | 'deny';

export interface ConsentTarget {
  /** The session's consent page (redirectUrl). */
  readonly consentUrl: string;
  /** Where the page sends the customer after approval. */
  readonly callbackUrl: string;
}

/** True when `url` is the callback: same scheme, host and port, same path (the query carries state and code). */
export function isCallbackUrl(url: string, callbackUrl: string): boolean {
  const expected = originOf(callbackUrl);
  const actual = originOf(url);
  if (expected === null || actual === null || actual !== expected) return false;
  return new URL(url).pathname === new URL(callbackUrl).pathname;
}

export function consentNavigation(url: string, target: ConsentTarget): ConsentNavigation {
  if (isCallbackUrl(url, target.callbackUrl)) return 'callback';
  const consentOrigin = originOf(target.consentUrl);
  const actual = originOf(url);
  if (consentOrigin === null || actual === null) return 'deny';
  return actual === consentOrigin ? 'allow' : 'deny';
}
