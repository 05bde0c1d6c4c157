import { app, dialog, Menu, screen, session, type BrowserWindow } from 'electron';
import ElectronStore from 'electron-store';
import { createCore } from './core/core.ts';
import { policyPathFromArgs, systemPolicyPath } from './core/policy/policy-path.ts';
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
import { appPaths } from './adapters/paths.ts';
import { createElectronPrinter } from './adapters/printer.ts';
import { SafeStorageVault } from './adapters/safe-storage-vault.ts';
import { createCashierWindow, createCustomerDisplayWindow, secondaryDisplay } from './adapters/windows.ts';
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

async function start(): Promise<void> {
  let cashier: BrowserWindow | null = null;
  let customerDisplay: BrowserWindow | null = null;
  // Which of our windows each web contents is: what it may call and hear (core/security/window-channels.ts).
  // Keyed by the id main saw when it made the window, so a page cannot claim another role.
  const windowRoles = new Map<number, WindowRole>();
  const registerWindow = (window: BrowserWindow, role: WindowRole): BrowserWindow => {
    const id = window.webContents.id;
    windowRoles.set(id, role);
    window.on('closed', () => windowRoles.delete(id));
    return window;
  };

  app.on('second-instance', () => {
    if (cashier && !cashier.isDestroyed()) {
      if (cashier.isMinimized()) cashier.restore();
      cashier.focus();
    }
  });

  guardAllWebContents(appOrigin);
  await app.whenReady();
  const paths = appPaths();
  // Main's own log (crashes of renderers and child processes, main's unhandled errors), beside the core's.
  const mainLog: TillLog = await openLogFile({ folder: logsFolderOf(paths.dataDir), name: 'main' }).catch(() => NO_LOG);
  logProcessCrashes(mainLog);
  mainLog.info('main', 'main.started', { version: app.getVersion(), packaged: app.isPackaged });
  if (mode.ignoredDevServer) mainLog.warn('main', 'main.dev-server-ignored', { url: mode.ignoredDevServer });

  // Linking a customer: the consent page opens in its own locked-down window (adapters/consent-window.ts).
  // The windows serve the core's customers.openConsent and need the core back: made first, they reach it
  // through a function that only runs once the core has started.
  let runningCore: Core;
  const consentWindows = createConsentWindows({
    core: () => runningCore,
    parent: () => cashier,
    customerScreen: secondaryDisplay,
    devTools,
  });
  try {
    runningCore = await createCore({
      dataDir: paths.dataDir,
      vault: new SafeStorageVault(paths.vaultFile),
      settingsFile: new ElectronStore<Record<string, unknown>>({
        cwd: paths.dataDir,
        name: 'settings',
        configFileMode: 0o600,
      }),
      fetch: netFetch,
      transport: 'electron',
      version: app.getVersion(),
      // Receipts and refund slips go silently to the default printer (adapters/printer.ts).
      printer: createElectronPrinter(),
      openConsent: consentWindows.open,
      // The fleet's policy file (core/policy/): `--policy FILE`, else the system-wide place.
      policyFile: policyPathFromArgs(process.argv) ?? systemPolicyPath(process.platform, process.env),
      // Updates through electron-updater, when and only when the core decides (core/updates/).
      updates: createElectronUpdateEngine((line) => console.warn(line)),
    });
  } catch (error) {
    mainLog.error('main', 'main.core-start-failed', { error });
    await mainLog.close();
    dialog.showErrorBox(
      'Wallet POS cannot start',
      `The payment core did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    app.exit(1);
    return;
  }

  hardenSession(session.defaultSession, appOrigin);
  if (!devServerUrl) {
    serveAppProtocol(paths.rendererDir, { sourceMaps: mode.sourceMaps });
    // No menu in production: no reload, no devtools shortcut, nothing to click away from the till.
    Menu.setApplicationMenu(null);
  }

  const stopIpc = registerIpc({
    core: runningCore,
    appOrigin,
    eventTargets: () =>
      [cashier, customerDisplay]
        .filter((w): w is BrowserWindow => w !== null && !w.isDestroyed())
        .map((w) => w.webContents),
    roleOf: (contents) => windowRoles.get(contents.id) ?? null,
  });

  const { settings } = await runningCore.handlers['settings.get']({});
  const kiosk = kioskFlag || settings.kiosk || settings.mode === 'kiosk';
  cashier = registerWindow(
    createCashierWindow({ url: pageUrl('/'), preload: paths.preload, kiosk, devTools }),
    'cashier',
  );
  // Settings → This computer: start with the session, and keep the screen on while the till is in front.
  applyLoginItem(settings.machine);
  let keepAwakeSetting = settings.machine.keepDisplayAwake;
  const displayAwake = keepDisplayAwakeWhileInFront(cashier, () => keepAwakeSetting);
  const stopMachineSettings = runningCore.onEvent((event) => {
    if (event.event !== 'settings.changed') return;
    const { machine } = event.payload.settings;
    applyLoginItem(machine);
    keepAwakeSetting = machine.keepDisplayAwake;
    displayAwake.recheck();
  });
  cashier.on('closed', () => {
    cashier = null;
    // The customer display has no purpose without the till.
    customerDisplay?.close();
  });

  const openCustomerDisplay = (): void => {
    if (customerDisplay && !customerDisplay.isDestroyed()) return;
    const display = secondaryDisplay();
    if (!display && !customerDisplayAsked) return;
    customerDisplay = registerWindow(
      createCustomerDisplayWindow(pageUrl('/customer-display'), paths.preload, display, devTools),
      'customer-display',
    );
    customerDisplay.on('closed', () => {
      customerDisplay = null;
    });
  };
  openCustomerDisplay();
  // A customer screen plugged in (or unplugged) while the till runs.
  screen.on('display-added', openCustomerDisplay);
  screen.on('display-removed', () => {
    if (!secondaryDisplay() && !customerDisplayAsked) customerDisplay?.close();
  });

  app.on('window-all-closed', () => app.quit());

  // Close the core (journal, sandbox, timers) before the process goes: quit waits for it once.
  let shutDown = false;
  app.on('before-quit', (event) => {
    if (shutDown) return;
    event.preventDefault();
    shutDown = true;
    stopMachineSettings();
    stopIpc();
    runningCore
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
