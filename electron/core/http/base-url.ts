import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';

// Where a provider API lives, as an operator typed it (or the embedded sandbox reported it): the rule both
// clients apply before anything is signed or sent to it.

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * A base URL: https, or http only on loopback, because a signed payment request must never cross a network in
 * clear text. No query, fragment or credentials. Returns it without a trailing slash.
 */
export function normaliseBaseUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PosError('settings.invalid', { notice: notice('provider.address-invalid') });
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new PosError('settings.invalid', { notice: notice('provider.address-not-https') });
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new PosError('settings.invalid', { notice: notice('provider.address-extras') });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
