import { APP_HOST } from '../security/app-origin.ts';
import { refusal, serveRendererPath, type StaticResponse } from './renderer-files.ts';

// What Electron's app:// handler (adapters/app-protocol.ts) answers, minus Electron: our host only, GET and
// HEAD only, files from dist/renderer through serveRendererPath. Every answer, refusals included, carries
// the CSP and the other security headers, so no response of our scheme is ever a page without a policy.

export async function appProtocolResponse(rendererDir: string, method: string, url: string): Promise<StaticResponse> {
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
  const file = await serveRendererPath(rendererDir, parsed.pathname);
  return method === 'HEAD' ? { ...file, body: Buffer.alloc(0) } : file;
}
