import { BrowserWindow, screen, type Display } from 'electron';
import { webPreferences } from '../core/security/web-preferences.ts';

// The two windows: the cashier's, and the customer display facing the shopper. Both load our own pages
// only and carry the same locked-down web preferences (core/security/web-preferences.ts).

export interface WindowUrls {
  readonly cashier: string;
  readonly customerDisplay: string;
}

export interface CashierWindowOptions {
  readonly url: string;
  readonly preload: string;
  /** Full-screen kiosk: no frame, no way to leave the app with window controls. */
  readonly kiosk: boolean;
  /** Development against the Vite dev server only; a till's windows never open DevTools. */
  readonly devTools: boolean;
  /** In the till's language (shared/locales/). */
  readonly title: string;
}

const BACKGROUND = '#0f172a';

export function createCashierWindow(options: CashierWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    show: false,
    title: options.title,
    backgroundColor: BACKGROUND,
    autoHideMenuBar: true,
    kiosk: options.kiosk,
    fullscreen: options.kiosk,
    webPreferences: webPreferences(options.preload, { devTools: options.devTools }),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}

/** The display facing the customer: any display that is not the primary one, if there is one. */
export function secondaryDisplay(): Display | null {
  const primary = screen.getPrimaryDisplay();
  return screen.getAllDisplays().find((display) => display.id !== primary.id) ?? null;
}

/**
 * On the secondary display, full screen and frameless, when there is one. Without one it is only created
 * when asked (`--customer-display`), as an ordinary window on the main screen, for testing and demos.
 */
export function createCustomerDisplayWindow(
  url: string,
  preload: string,
  display: Display | null,
  devTools: boolean,
  title: string,
): BrowserWindow {
  const bounds = display?.bounds;
  const window = new BrowserWindow({
    ...(bounds
      ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }
      : { width: 1024, height: 768 }),
    show: false,
    title,
    backgroundColor: BACKGROUND,
    autoHideMenuBar: true,
    frame: display === null,
    fullscreen: display !== null,
    // The customer must not be able to focus it and type into the till.
    focusable: display === null,
    // Nobody ever touches it, so Chromium's autoplay rule would keep it silent: the paid and failed sounds
    // (Settings → customerHelp.soundOnResult) need it to play without a gesture.
    webPreferences: { ...webPreferences(preload, { devTools }), autoplayPolicy: 'no-user-gesture-required' },
  });
  window.once('ready-to-show', () => window.showInactive());
  void window.loadURL(url);
  return window;
}
