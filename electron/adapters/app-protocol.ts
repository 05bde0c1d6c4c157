import { protocol } from 'electron';
import { APP_SCHEME } from '../core/security/app-origin.ts';
import { appProtocolResponse, type AppProtocolOptions } from '../core/static/app-protocol-response.ts';

// app://wallet-pos/ serves the built renderer in production. A privileged "standard, secure" scheme gives
// our pages a real origin (fetch, storage, media and CSP work as on https) that no website can share, and
// unlike file:// it cannot be made to read other files: serveRendererPath refuses anything outside dist/.

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
    },
  ]);
}

/** After ready: answers app:// requests from dist/renderer; every answer carries the CSP and security headers. */
export function serveAppProtocol(rendererDir: string, options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = await appProtocolResponse(rendererDir, request.method, request.url, options);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.body), {
      status: file.status,
      headers: file.headers,
    });
  });
}
