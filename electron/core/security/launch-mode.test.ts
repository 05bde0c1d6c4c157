import { describe, expect, it } from 'vitest';
import { PRODUCTION_APP_ORIGIN } from './app-origin.ts';
import { launchMode } from './launch-mode.ts';

// What main does with VITE_DEV_SERVER_URL: the dev server is trusted like our own pages and turns DevTools
// on, so an installed till must never honour it.

const PRODUCTION = { devServerUrl: null, appOrigin: PRODUCTION_APP_ORIGIN, devTools: false };

describe('launch mode', () => {
  it('serves the built app over app:// without DevTools or source maps when packaged and no dev server is set', () => {
    expect(launchMode({ isPackaged: true, devServerUrl: undefined })).toEqual({
      ...PRODUCTION,
      sourceMaps: false,
      ignoredDevServer: null,
    });
  });

  it.each(['http://localhost:5173/', 'http://127.0.0.1:5173', 'https://evil.example/', 'javascript:alert(1)'])(
    'ignores VITE_DEV_SERVER_URL=%s in a packaged app: app://, no DevTools, no source maps, and says why',
    (devServerUrl) => {
      const mode = launchMode({ isPackaged: true, devServerUrl });
      expect(mode).toMatchObject({ ...PRODUCTION, sourceMaps: false });
      expect(mode.ignoredDevServer).toBe('an installed app never loads a development server');
    },
  );

  it('uses the dev server, with DevTools, when unpackaged (npm run dev)', () => {
    expect(launchMode({ isPackaged: false, devServerUrl: 'http://localhost:5173/' })).toEqual({
      devServerUrl: 'http://localhost:5173/',
      appOrigin: 'http://localhost:5173',
      devTools: true,
      sourceMaps: true,
      ignoredDevServer: null,
    });
  });

  it.each([
    'https://evil.example/',
    'http://192.168.1.5:5173/',
    'http://localhost@evil.example/',
    'file:///tmp/index.html',
    'not a url',
  ])('refuses a dev server that is not on this computer (%s), even unpackaged', (devServerUrl) => {
    const mode = launchMode({ isPackaged: false, devServerUrl });
    expect(mode).toMatchObject(PRODUCTION);
    expect(mode.ignoredDevServer).toBe('the development server must be http(s) on this computer');
  });

  it('keeps source maps for an unpackaged build without a dev server (npm start on a developer machine)', () => {
    expect(launchMode({ isPackaged: false, devServerUrl: '' })).toEqual({
      ...PRODUCTION,
      sourceMaps: true,
      ignoredDevServer: null,
    });
  });
});
