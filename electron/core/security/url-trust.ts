import { originOf } from './app-origin.ts';

// Navigation trust: a window may only ever show our own pages. Everything else (other sites, javascript:,
// data:, file:, lookalike hosts, credentials tricks, other ports) is denied. Default deny: a URL we cannot
// parse is untrusted.

export function isTrustedUrl(url: string, appOrigin: string): boolean {
  const expected = originOf(appOrigin);
  const actual = originOf(url);
  return expected !== null && actual !== null && actual === expected;
}
