import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { APP_ROUTES } from '../security/app-origin.ts';
import { SECURITY_HEADERS } from '../security/csp.ts';
import { contentTypeFor } from './content-types.ts';

// Serves the built renderer (dist/renderer) for both hosts: Electron's app:// protocol handler and the web
// host. One implementation so the two cannot drift: the same routes, the same headers, the same refusal of
// anything outside the directory (`..`, encoded `..`, backslashes, NUL, dotfiles, symlinks leading out).

export interface StaticResponse {
  readonly status: 200 | 400 | 403 | 404 | 405;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export type ResolvedPath =
  { readonly kind: 'file'; readonly path: string } | { readonly kind: 'refused'; readonly status: 400 | 403 | 404 };

/** Maps a URL pathname (still percent-encoded) to a file inside rootDir, or says why not. */
export function resolveRendererPath(rootDir: string, urlPathname: string): ResolvedPath {
  if (APP_ROUTES.includes(urlPathname)) return { kind: 'file', path: join(resolve(rootDir), 'index.html') };
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPathname);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\'))
    return { kind: 'refused', status: 400 };
  const segments = decoded.split('/').slice(1);
  // `..` and `.` are refused rather than normalised away: a request that tries them is not one we made.
  if (segments.some((segment) => segment === '..' || segment === '.')) return { kind: 'refused', status: 403 };
  if (segments.some((segment) => segment.startsWith('.'))) return { kind: 'refused', status: 404 };
  const root = resolve(rootDir);
  const candidate = resolve(root, ...segments);
  if (!isInside(root, candidate)) return { kind: 'refused', status: 403 };
  return { kind: 'file', path: candidate };
}

export async function serveRendererPath(rootDir: string, urlPathname: string): Promise<StaticResponse> {
  const resolved = resolveRendererPath(rootDir, urlPathname);
  if (resolved.kind === 'refused') return refusal(resolved.status);
  try {
    // Follow symlinks and check again: a link inside dist/ must not lead outside it.
    const [realRoot, realFile] = await Promise.all([realpath(rootDir), realpath(resolved.path)]);
    if (!isInside(realRoot, realFile)) return refusal(403);
    const info = await stat(realFile);
    if (!info.isFile()) return refusal(404);
    const body = await readFile(realFile);
    const isPage = realFile.endsWith('.html');
    return {
      status: 200,
      headers: {
        ...SECURITY_HEADERS,
        'Content-Type': contentTypeFor(realFile),
        // Pages always fresh (they name the hashed bundles); hashed bundles may be cached by the browser.
        'Cache-Control': isPage ? 'no-store' : 'public, max-age=3600',
      },
      body,
    };
  } catch {
    return refusal(404);
  }
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** A refusal with the same security headers as a page: every answer we serve carries the CSP. */
export function refusal(status: 400 | 403 | 404 | 405): StaticResponse {
  const text =
    status === 404 ? 'Not found' : status === 403 ? 'Forbidden' : status === 405 ? 'Method not allowed' : 'Bad request';
  return {
    status,
    headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    body: Buffer.from(text),
  };
}
