import { describe, expect, it } from 'vitest';
import { webPreferences } from './web-preferences.ts';

describe('webPreferences', () => {
  it('sets every security flag explicitly, to the safe value', () => {
    const prefs = webPreferences('/app/dist-electron/preload.cjs');
    expect(prefs.preload).toBe('/app/dist-electron/preload.cjs');
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.nodeIntegrationInWorker).toBe(false);
    expect(prefs.nodeIntegrationInSubFrames).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.webviewTag).toBe(false);
    expect(prefs.allowRunningInsecureContent).toBe(false);
    expect(prefs.spellcheck).toBe(false);
    expect(prefs.navigateOnDragDrop).toBe(false);
    expect(prefs.safeDialogs).toBe(true);
    expect(prefs.experimentalFeatures).toBe(false);
    expect(prefs.devTools).toBe(false);
  });

  it('opens DevTools only when asked (development against the dev server)', () => {
    expect(webPreferences(undefined).devTools).toBe(false);
    expect(webPreferences('/p', {}).devTools).toBe(false);
    expect(webPreferences('/p', { devTools: true }).devTools).toBe(true);
    expect(webPreferences('/p', { devTools: true }).sandbox).toBe(true);
  });

  it('gives no preload (no bridge) when none is asked for', () => {
    const prefs = webPreferences();
    expect('preload' in prefs).toBe(false);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.contextIsolation).toBe(true);
  });

  it('holds no flag that is not asserted above (a new flag must be reviewed and tested)', () => {
    expect(Object.keys(webPreferences('/p')).sort()).toEqual(
      [
        'allowRunningInsecureContent',
        'contextIsolation',
        'devTools',
        'experimentalFeatures',
        'navigateOnDragDrop',
        'nodeIntegration',
        'nodeIntegrationInSubFrames',
        'nodeIntegrationInWorker',
        'preload',
        'safeDialogs',
        'sandbox',
        'spellcheck',
        'webSecurity',
        'webviewTag',
      ].sort(),
    );
  });
});
