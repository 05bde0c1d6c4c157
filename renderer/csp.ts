// The Content-Security-Policy written in index.html's <meta> tag. The one source of truth is
// electron/core/security/csp.ts (it also sends the header form, with frame-ancestors, which <meta> cannot
// carry); renderer/csp.test.ts and electron/core/security/csp.test.ts check that this page matches it.
// No inline script or style anywhere: React `style={}` props go through the CSSOM, which CSP allows.
// 'wasm-unsafe-eval' lets the camera compile its WebAssembly QR decoder, and nothing else (see that file).

export const META_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; media-src 'self' blob: mediastream:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'";
