import { BrowserWindow, session, type Display, type Session } from 'electron';
import type { ConsentOpening } from '../../shared/consent.ts';
import type { CoreApi } from '../core/core-api.ts';
import { dispatch } from '../core/dispatch.ts';
import { originOf } from '../core/security/app-origin.ts';
import { consentNavigation, type ConsentTarget } from '../core/security/consent-navigation.ts';
import { assertExpectedConsentPage } from '../core/security/consent-page.ts';
import { webPreferences } from '../core/security/web-preferences.ts';
import { allowNavigationsOf } from './hardening.ts';

// The consent window (wire-details §3.3): the provider's consent page for one linking session, opened by
// main with the app-token header (on its requests to the consent origin only), in a window with no preload
// (no bridge, no Node), sandboxed, in its own in-memory session partition (nothing it stores survives it or
// reaches our pages). It may move only within the consent page's origin; the redirect to our callbackUrl is
// stopped before it loads and handed to the core, which checks `state` and exchanges `code` at once. The
// cashier's screen follows the outcome through customers.linkStatus and customers.updated; the window closes
// itself once the link is done.

/** Not `persist:`: an in-memory session, cleared whenever a consent window closes. */
const CONSENT_PARTITION = 'wallet-pos-consent';

export interface ConsentWindows {
  /** customers.openConsent for the Electron app. */
  open(linkToken: string): Promise<ConsentOpening>;
}

export interface ConsentWindowOptions {
  /** The core it serves. A function: the windows are made before the core, which takes their `open` as opener. */
  readonly core: () => CoreApi;
  /** The cashier window, so the consent window stays above it (and closes with it). */
  readonly parent: () => BrowserWindow | null;
  /**
   * The customer display's screen: the consent page opens there, in front of the customer who approves it,
   * not on the cashier's screen. Null (one screen only): it opens on the main screen.
   */
  readonly customerScreen?: () => Display | null;
  /** Development against the Vite dev server only. */
  readonly devTools: boolean;
  /** The window's title, in the customer's language (shared/locales/). */
  readonly title: () => string;
}

export function createConsentWindows(options: ConsentWindowOptions): ConsentWindows {
  const open = new Map<string, BrowserWindow>();
  /** Per consent window: the consent origin and the app-token header its requests there carry. */
  const appTokens = new Map<number, { origin: string; headers: Readonly<Record<string, string>> }>();
  let consentSession: Session | null = null;

  function lockedDownSession(): Session {
    if (consentSession) return consentSession;
    const created = session.fromPartition(CONSENT_PARTITION, { cache: false });
    // The consent page needs no camera, microphone, location, device or download.
    created.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    created.setPermissionCheckHandler(() => false);
    created.setDevicePermissionHandler(() => false);
    created.on('will-download', (event) => event.preventDefault());
    // The app token on every request the page makes to its own origin (its form posts included), and to
    // nothing else: never to another site, never from another window's session.
    created.webRequest.onBeforeSendHeaders((details, callback) => {
      const entry = details.webContentsId === undefined ? undefined : appTokens.get(details.webContentsId);
      if (!entry || originOf(details.url) !== entry.origin) return callback({ requestHeaders: details.requestHeaders });
      callback({ requestHeaders: { ...details.requestHeaders, ...entry.headers } });
    });
    consentSession = created;
    return created;
  }

  async function openWindow(linkToken: string): Promise<ConsentOpening> {
    const existing = open.get(linkToken);
    if (existing && !existing.isDestroyed()) {
      existing.focus();
      return { kind: 'window' };
    }
    // Throws link.failed / link.expired when the session cannot be shown any more.
    const request = options.core().consent.consentRequest(linkToken);
    // https on the environment's own hosts only (the embedded sandbox: its loopback origin), before any
    // window exists or the app token goes anywhere: throws link.failed naming the refused address.
    assertExpectedConsentPage(request.url, request.gateway);
    const target: ConsentTarget = { consentUrl: request.url, callbackUrl: request.callbackUrl };
    const parent = options.parent();
    const ses = lockedDownSession();
    const customerScreen = options.customerScreen?.() ?? null;
    const window = new BrowserWindow({
      ...(parent && !parent.isDestroyed() ? { parent } : {}),
      ...(customerScreen ? centredOn(customerScreen, 480, 720) : {}),
      width: 480,
      height: 720,
      minWidth: 360,
      minHeight: 480,
      title: options.title(),
      autoHideMenuBar: true,
      show: false,
      webPreferences: { ...webPreferences(undefined, { devTools: options.devTools }), session: ses },
    });
    open.set(linkToken, window);
    const contents = window.webContents;
    const contentsId = contents.id;
    const consentOrigin = originOf(request.url);
    if (consentOrigin !== null) appTokens.set(contentsId, { origin: consentOrigin, headers: request.headers });
    // The app-wide guard (hardening.ts) asks this rule instead of "our origin only".
    allowNavigationsOf(contents, (url) => consentNavigation(url, target) === 'allow');

    let completing = false;
    const onNavigation = (event: { url: string; preventDefault: () => void }): void => {
      const decision = consentNavigation(event.url, target);
      if (decision === 'allow') return;
      event.preventDefault();
      if (decision !== 'callback' || completing) return;
      completing = true;
      void dispatch(options.core().handlers, 'customers.completeLink', { linkToken, redirectedTo: event.url }).finally(
        () => {
          // Linked or refused, this page has nothing more to show: the till's screen tells the cashier which.
          if (!window.isDestroyed()) window.close();
        },
      );
    };
    contents.on('will-navigate', onNavigation);
    contents.on('will-redirect', onNavigation);

    // A session the customer never finished is over at its expiry: so is its window.
    const expiry = setTimeout(
      () => {
        if (!window.isDestroyed()) window.close();
      },
      Math.max(0, Date.parse(request.expiresAt) - Date.now()),
    );
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      clearTimeout(expiry);
      appTokens.delete(contentsId);
      if (open.get(linkToken) === window) open.delete(linkToken);
      if (open.size === 0) void ses.clearStorageData().catch(() => undefined);
    });

    const extraHeaders = Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    window.loadURL(request.url, { extraHeaders }).catch(() => {
      // A page that cannot load (provider down) leaves the window blank: close it; the screen offers to retry.
      if (!window.isDestroyed() && !completing) window.close();
    });
    return { kind: 'window', onCustomerDisplay: customerScreen !== null };
  }

  return { open: openWindow };
}

/** A window of this size in the middle of the given screen. */
function centredOn(display: Display, width: number, height: number): { x: number; y: number } {
  const { x, y, width: screenWidth, height: screenHeight } = display.workArea;
  return { x: Math.round(x + (screenWidth - width) / 2), y: Math.round(y + (screenHeight - height) / 2) };
}
