// The Content-Security-Policy of our pages: one source of truth, sent as a response header by the Electron
// protocol handler and the web host, and written as a <meta> tag in renderer/index.html (a unit test checks
// the tag matches). Nothing inline, nothing remote: scripts and styles only from our own bundle.
//
// - script-src 'wasm-unsafe-eval'   the camera's QR decoder is WebAssembly (zxing-wasm, our own .wasm file
//                         from our own origin); browsers refuse to compile WebAssembly under a script-src
//                         without it. It allows WebAssembly compilation only: eval(), new Function() and
//                         string timers stay blocked ('unsafe-eval' is never granted), and the .wasm bytes
//                         can only come from 'self' (connect-src), so no foreign code can be compiled
// - img-src data:/blob:   the payment QR is drawn locally (qrcode → data URL or canvas blob)
// - media-src mediastream:/blob:   the camera viewfinder; 'self' for the success/failure sounds in assets/
// - connect-src 'self'    web host API + its WebSocket (CSP3 'self' covers ws: on the same host and port);
//                         in Electron the contract goes over IPC, which CSP does not govern
// - frame-ancestors       header only: browsers ignore it in <meta>, so the meta form leaves it out

const DIRECTIVES: ReadonlyArray<readonly [name: string, value: string, headerOnly?: boolean]> = [
  ['default-src', "'none'"],
  ['script-src', "'self' 'wasm-unsafe-eval'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  ['media-src', "'self' blob: mediastream:"],
  ['connect-src', "'self'"],
  ['manifest-src', "'self'"],
  ['worker-src', "'self'"],
  ['object-src', "'none'"],
  ['frame-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'", true],
];

/** For the `Content-Security-Policy` response header. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/** For `<meta http-equiv="Content-Security-Policy" content="…">` in renderer/index.html. */
export const META_CONTENT_SECURITY_POLICY = DIRECTIVES.filter(([, , headerOnly]) => headerOnly !== true)
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/** Parses a policy into directive → value, so tests compare meaning, not whitespace. */
export function parsePolicy(policy: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  return directives;
}

/** Security headers sent with every page and asset we serve, in Electron and in the web host. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()',
};
