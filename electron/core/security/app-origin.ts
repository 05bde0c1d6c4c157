// Where our own pages come from. In production the renderer is served by a privileged custom protocol, so
// its origin is fixed and cannot be reached from the web; in development it is the Vite dev server.

export const APP_SCHEME = 'app';
export const APP_HOST = 'wallet-pos';
export const PRODUCTION_APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Paths that serve the single-page app's index.html (cashier screen and customer display). */
export const APP_ROUTES: readonly string[] = ['/', '/customer-display'];

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', `${APP_SCHEME}:`]);

/**
 * `scheme://host[:port]` of a URL, or null when the URL is not one our pages could be served from.
 * Written by hand because WHATWG `URL.origin` is the string "null" for custom schemes such as app://,
 * and because credentials in a URL (`http://127.0.0.1@evil.com`) are a classic way to fool a reader.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(parsed.protocol)) return null;
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.hostname === '') return null;
  // URL.host drops default ports (http:80, https:443), so http://h and http://h:80 compare equal, as browsers do.
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** Normalises a configured origin (dev server URL or the production constant) the same way. */
export function normaliseOrigin(originOrUrl: string): string {
  const origin = originOf(originOrUrl);
  if (origin === null) throw new RangeError(`Not a usable app origin: ${originOrUrl}`);
  return origin;
}
