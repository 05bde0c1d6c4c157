import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../core/security/app-origin.ts';
import { serveRendererPath } from '../core/static/renderer-files.ts';

// app://wallet-pos/ serves the built renderer in production. A privileged "standard, secure" scheme gives
// our pages a real origin (fetch, storage, media and CSP work as on https) that no website can share, and
// unlike file:// it cannot be made to read other files: serveRendererPath refuses anything outside dist/.

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
  ]);
}

/** After ready: answers app:// requests from dist/renderer with the CSP and security headers. */
export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    const file = await serveRendererPath(rendererDir, url.pathname);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), { status: file.status, headers: file.headers });
  });
}
