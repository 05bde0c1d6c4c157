import { APP_HOST } from '../security/app-origin.ts';
import { refusal, serveRendererPath, type StaticResponse } from './renderer-files.ts';

// What Electron's app:// handler (adapters/app-protocol.ts) answers, minus Electron: our host only, GET and
// HEAD only, files from dist/renderer through serveRendererPath. Every answer, refusals included, carries
// the CSP and the other security headers, so no response of our scheme is ever a page without a policy.
// A packaged app answers no source map (launch-mode.ts decides): they would hand out the code's structure.

export interface AppProtocolOptions {
  /** Serve `*.map` files. False in a packaged app. Default false. */
  readonly sourceMaps?: boolean;
}

export async function appProtocolResponse(
  rendererDir: string,
  method: string,
  url: string,
  options: AppProtocolOptions = {},
): Promise<StaticResponse> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refusal(400);
  }
  if (parsed.host !== APP_HOST) return refusal(404);
  if (method !== 'GET' && method !== 'HEAD') {
    const refused = refusal(405);
    return { ...refused, headers: { ...refused.headers, Allow: 'GET, HEAD' } };
  }
  if (!options.sourceMaps && isSourceMapPath(parsed.pathname)) return refusal(404);
  const file = await serveRendererPath(rendererDir, parsed.pathname);
  return method === 'HEAD' ? { ...file, body: Buffer.alloc(0) } : file;
}

/** `….map`, however it is spelled (`%2Emap`, `.MAP`); a path that does not decode is refused later anyway. */
export function isSourceMapPath(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // serveRendererPath answers 400 for it.
  }
  return decoded.toLowerCase().endsWith('.map');
}
