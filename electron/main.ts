import { app, dialog, Menu, screen, session, type BrowserWindow } from 'electron';
import ElectronStore from 'electron-store';
import { fillTemplate } from '../shared/notices.ts';
import { LANGUAGES, LOCALES, type Locale } from '../shared/locales/index.ts';
import type { Settings } from '../shared/settings.ts';
import { createCore } from './core/core.ts';
import { policyPlaces } from './core/policy/policy-path.ts';
import type { Core } from './core/core-api.ts';
import { PRODUCTION_APP_ORIGIN } from './core/security/app-origin.ts';
import { launchMode } from './core/security/launch-mode.ts';
import type { WindowRole } from './core/security/window-channels.ts';
import { registerAppScheme, serveAppProtocol } from './adapters/app-protocol.ts';
import { createConsentWindows } from './adapters/consent-window.ts';
import { logProcessCrashes } from './adapters/crash-log.ts';
import { logsFolderOf, NO_LOG, openLogFile, type TillLog } from './core/logging/log-file.ts';
import { guardAllWebContents, hardenSession } from './adapters/hardening.ts';
import { applyLoginItem, keepDisplayAwakeWhileInFront } from './adapters/machine.ts';
import { createElectronUpdateEngine } from './adapters/updater.ts';
import { netFetch } from './adapters/net-fetch.ts';
import { appPaths, type AppPaths } from './adapters/paths.ts';
import { createElectronPrinter } from './adapters/printer.ts';
import { SafeStorageVault } from './adapters/safe-storage-vault.ts';
import { createCashierWindow, createCustomerDisplayWindow, secondaryDisplay } from './adapters/windows.ts';
import type { SettingsFile } from './core/settings/settings-file.ts';
import { registerIpc } from './ipc.ts';

// Composition root of the Electron app: one instance per till, the core with the OS vault and Chromium's
// network stack, our pages from app://wallet-pos/ (or the Vite dev server), the cashier window, the
// customer display, the consent window for linking customers, and every guard (navigation, permissions,
// IPC sender) in place before a page loads.

// The Vite dev server (and with it DevTools) only in an unpackaged app: an installed till ignores
// VITE_DEV_SERVER_URL (core/security/launch-mode.ts).
const mode = launchMode({ isPackaged: app.isPackaged, devServerUrl: process.env.VITE_DEV_SERVER_URL });
if (mode.ignoredDevServer) console.warn(`VITE_DEV_SERVER_URL ignored: ${mode.ignoredDevServer}`);
const { devServerUrl, appOrigin, devTools } = mode;
const pageUrl = (path: '/' | '/customer-display'): string =>
  new URL(path, devServerUrl ?? `${PRODUCTION_APP_ORIGIN}/`).href;

/**
 * `--kiosk` locks the window full screen (Electron's kiosk window), as the kiosk mode always does and, for a
 * cashier or refund-counter till, Settings → Terminal → "lock this till full screen". It does not make the till
 * a customer's kiosk: that is the mode (Settings → Terminal → mode), the one kiosk setting.
 */
const kioskFlag = process.argv.includes('--kiosk');
/** `--customer-display` opens the customer display even without a second screen (demos, testing). */
const customerDisplayAsked = process.argv.includes('--customer-display');

// Before ready: our scheme's privileges, and every renderer sandboxed whatever a window asks for.
registerAppScheme();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  // A second start (double-click on the icon) just brings the running till forward; two tills on one
  // journal would fight over it.
  app.quit();
} else {
  void start();
}

/** The windows main has open, and which of ours each web contents is. */
interface TillWindows {
  cashier: BrowserWindow | null;
  customerDisplay: BrowserWindow | null;
  /**
   * What each web contents may call and hear (core/security/window-channels.ts), keyed by the id main saw when it
   * made the window, so a page cannot claim another role.
   */
  readonly roles: Map<number, WindowRole>;
}

async function start(): Promise<void> {
  const windows: TillWindows = { cashier: null, customerDisplay: null, roles: new Map() };
  app.on('second-instance', () => bringForward(windows.cashier));
  guardAllWebContents(appOrigin);
  await app.whenReady();
  const paths = appPaths();
  const mainLog = await openMainLog(paths);
  const core = await startCore(paths, windows, mainLog);
  if (!core) return;
  servePages(paths);
  const stopIpc = registerIpc({
    core,
    appOrigin,
    eventTargets: () =>
      [windows.cashier, windows.customerDisplay]
        .filter((w): w is BrowserWindow => w !== null && !w.isDestroyed())
        .map((w) => w.webContents),
    roleOf: (contents) => windows.roles.get(contents.id) ?? null,
  });
  const { settings } = await core.handlers['settings.get']({});
  const stopMachineSettings = openCashierWindow(windows, paths, core, settings);
  followCustomerDisplay(windows, paths, localesOf(settings).customer);
  app.on('window-all-closed', () => app.quit());
  closeCoreBeforeQuit(core, mainLog, () => {
    stopMachineSettings();
    stopIpc();
  });
}

/** A second start (double-click on the icon) brings the running till forward. */
function bringForward(cashier: BrowserWindow | null): void {
  if (cashier && !cashier.isDestroyed()) {
    if (cashier.isMinimized()) cashier.restore();
    cashier.focus();
  }
}

/** Main's own log (crashes of renderers and child processes, main's unhandled errors), beside the core's. */
async function openMainLog(paths: AppPaths): Promise<TillLog> {
  const mainLog: TillLog = await openLogFile({ folder: logsFolderOf(paths.dataDir), name: 'main' }).catch(() => NO_LOG);
  logProcessCrashes(mainLog);
  mainLog.info('main', 'main.started', { version: app.getVersion(), packaged: app.isPackaged });
  if (mode.ignoredDevServer) mainLog.warn('main', 'main.dev-server-ignored', { url: mode.ignoredDevServer });
  return mainLog;
}

/** The core with the OS vault and Chromium's network stack; null (and the app exiting) when it cannot start. */
async function startCore(paths: AppPaths, windows: TillWindows, mainLog: TillLog): Promise<Core | null> {
  // Linking a customer: the consent page opens in its own locked-down window (adapters/consent-window.ts).
  // The windows serve the core's customers.openConsent and need the core back: made first, they reach it
  // through a function that only runs once the core has started.
  let runningCore: Core;
  let settingsFile: SettingsFile | null = null;
  const consentWindows = createConsentWindows({
    core: () => runningCore,
    parent: () => windows.cashier,
    customerScreen: secondaryDisplay,
    devTools,
    title: () => wordsOf(localesOf(savedSettings(settingsFile)).customer)['shell.window.consent'],
  });
  try {
    settingsFile = new ElectronStore<Record<string, unknown>>({
      cwd: paths.dataDir,
      name: 'settings',
      configFileMode: 0o600,
    });
    runningCore = await createCore({
      dataDir: paths.dataDir,
      vault: new SafeStorageVault(paths.vaultFile),
      settingsFile,
      fetch: netFetch,
      transport: 'electron',
      version: app.getVersion(),
      // Receipts and refund slips go silently to the default printer (adapters/printer.ts).
      printer: createElectronPrinter(),
      openConsent: consentWindows.open,
      // The fleet's policy (core/policy/): the system's place; `--policy FILE` only when not packaged.
      ...policyPlaces(process.argv, app.isPackaged, process.platform),
      // Updates through electron-updater, when and only when the core decides (core/updates/).
      updates: createElectronUpdateEngine((line) => console.warn(line)),
    });
    return runningCore;
  } catch (error) {
    mainLog.error('main', 'main.core-start-failed', { error });
    await mainLog.close();
    showStartFailure(error, localesOf(savedSettings(settingsFile)).till);
    app.exit(1);
    return null;
  }
}

/** No screen of ours is up to say it: the system's error box, in the till's language as saved. */
function showStartFailure(error: unknown, locale: Locale): void {
  const words = wordsOf(locale);
  const reason = error instanceof Error ? error.message : String(error);
  dialog.showErrorBox(
    words['shell.startFailed.title'],
    fillTemplate(words['shell.startFailed.body'], { reason }, locale),
  );
}

/** The screens' words of a language (shared/locales/): the window titles and the start-up box are main's own. */
function wordsOf(locale: Locale): (typeof LANGUAGES)[Locale]['screens'] {
  return LANGUAGES[locale].screens;
}

/** The settings as saved, or nothing when the file cannot be read (the core's start says why). */
function savedSettings(file: SettingsFile | null): Readonly<Record<string, unknown>> {
  try {
    return file?.store ?? {};
  } catch {
    return {};
  }
}

/** The till's language and its customers' ('' or unknown: the till's; a till's unknown: English). */
function localesOf(settings: Readonly<Record<string, unknown>>): { till: Locale; customer: Locale } {
  const known = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);
  const till = known(settings['locale']) ? settings['locale'] : 'en';
  return { till, customer: known(settings['customerLocale']) ? settings['customerLocale'] : till };
}

/** Our pages from app://wallet-pos/ (not the Vite dev server), with the session's guards in place. */
function servePages(paths: AppPaths): void {
  hardenSession(session.defaultSession, appOrigin);
  if (!devServerUrl) {
    serveAppProtocol(paths.rendererDir, { sourceMaps: mode.sourceMaps });
    // No menu in production: no reload, no devtools shortcut, nothing to click away from the till.
    Menu.setApplicationMenu(null);
  }
}

function registerWindow(windows: TillWindows, window: BrowserWindow, role: WindowRole): BrowserWindow {
  const id = window.webContents.id;
  windows.roles.set(id, role);
  window.on('closed', () => windows.roles.delete(id));
  return window;
}

/** The cashier's window, following Settings → This computer; returns what stops following it. */
function openCashierWindow(windows: TillWindows, paths: AppPaths, core: Core, settings: Settings): () => void {
  const kiosk = kioskFlag || settings.kiosk || settings.mode === 'kiosk';
  const title = wordsOf(localesOf(settings).till)['shell.window.cashier'];
  const cashier = registerWindow(
    windows,
    createCashierWindow({ url: pageUrl('/'), preload: paths.preload, kiosk, devTools, title }),
    'cashier',
  );
  windows.cashier = cashier;
  const stopMachineSettings = followMachineSettings(core, cashier, settings.machine);
  cashier.on('closed', () => {
    windows.cashier = null;
    // The customer display has no purpose without the till.
    windows.customerDisplay?.close();
  });
  return stopMachineSettings;
}

/** Settings → This computer: start with the session, and keep the screen on while the till is in front. */
function followMachineSettings(core: Core, cashier: BrowserWindow, machine: Settings['machine']): () => void {
  applyLoginItem(machine);
  let keepAwakeSetting = machine.keepDisplayAwake;
  const displayAwake = keepDisplayAwakeWhileInFront(cashier, () => keepAwakeSetting);
  return core.onEvent((event) => {
    if (event.event !== 'settings.changed') return;
    const changed = event.payload.settings.machine;
    applyLoginItem(changed);
    keepAwakeSetting = changed.keepDisplayAwake;
    displayAwake.recheck();
  });
}

/** The customer display, on a second screen when there is one, and as screens are plugged in or out. */
function followCustomerDisplay(windows: TillWindows, paths: AppPaths, locale: Locale): void {
  const openCustomerDisplay = (): void => {
    if (windows.customerDisplay && !windows.customerDisplay.isDestroyed()) return;
    const display = secondaryDisplay();
    if (!display && !customerDisplayAsked) return;
    const title = wordsOf(locale)['shell.window.customerDisplay'];
    const opened = registerWindow(
      windows,
      createCustomerDisplayWindow(pageUrl('/customer-display'), paths.preload, display, devTools, title),
      'customer-display',
    );
    windows.customerDisplay = opened;
    opened.on('closed', () => {
      windows.customerDisplay = null;
    });
  };
  openCustomerDisplay();
  // A customer screen plugged in (or unplugged) while the till runs.
  screen.on('display-added', openCustomerDisplay);
  screen.on('display-removed', () => {
    if (!secondaryDisplay() && !customerDisplayAsked) windows.customerDisplay?.close();
  });
}

/** Close the core (journal, sandbox, timers) before the process goes: quit waits for it once. */
function closeCoreBeforeQuit(core: Core, mainLog: TillLog, stop: () => void): void {
  let shutDown = false;
  app.on('before-quit', (event) => {
    if (shutDown) return;
    event.preventDefault();
    shutDown = true;
    stop();
    core
      .close()
      .catch((error: unknown) => {
        console.error('Core did not close cleanly', error);
        mainLog.error('main', 'main.core-close-failed', { error });
      })
      .finally(() => {
        mainLog.info('main', 'main.quit');
        void mainLog.close().finally(() => app.quit());
      });
  });
}
