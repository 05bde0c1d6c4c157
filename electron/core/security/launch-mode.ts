import { normaliseOrigin, PRODUCTION_APP_ORIGIN } from './app-origin.ts';

// How main runs: from the built app (app://wallet-pos/, no DevTools, no source maps) or, while developing,
// against the Vite dev server. The dev server is trusted like our own origin (IPC, navigation, permissions)
// and turns DevTools on, so honouring VITE_DEV_SERVER_URL in an installed app would let anyone who can set an
// environment variable on the till point it at a page of theirs with the whole contract. A packaged app
// ignores it; an unpackaged one accepts only a plain http(s) address on this computer.

export interface LaunchInput {
  /** Electron's app.isPackaged: true for an installed build (inside app.asar). */
  readonly isPackaged: boolean;
  /** process.env.VITE_DEV_SERVER_URL, set by vite-plugin-electron under `vite` (dev), never by a build. */
  readonly devServerUrl: string | undefined;
}

export interface LaunchMode {
  /** The Vite dev server to load pages from, or null to serve the built renderer over app://. */
  readonly devServerUrl: string | null;
  /** The origin our pages come from: trusted for IPC, navigation and permissions. */
  readonly appOrigin: string;
  /** DevTools in our windows: only against the dev server. */
  readonly devTools: boolean;
  /** Whether app:// answers `*.map` files: never in a packaged app (they give away the code's structure). */
  readonly sourceMaps: boolean;
  /** Why a VITE_DEV_SERVER_URL was not used, for the log; null when none was set or it was used. */
  readonly ignoredDevServer: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function launchMode(input: LaunchInput): LaunchMode {
  const raw = input.devServerUrl?.trim() || undefined;
  const production = (ignoredDevServer: string | null): LaunchMode => ({
    devServerUrl: null,
    appOrigin: PRODUCTION_APP_ORIGIN,
    devTools: false,
    sourceMaps: !input.isPackaged,
    ignoredDevServer,
  });
  if (raw === undefined) return production(null);
  if (input.isPackaged) return production('an installed app never loads a development server');
  if (!isLocalDevServer(raw)) return production('the development server must be http(s) on this computer');
  return {
    devServerUrl: raw,
    appOrigin: normaliseOrigin(raw),
    devTools: true,
    sourceMaps: true,
    ignoredDevServer: null,
  };
}

function isLocalDevServer(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username !== '' || url.password !== '') return false;
  return LOOPBACK.has(url.hostname);
}
