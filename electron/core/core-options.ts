import type { HeadOfficeOptions } from './head-office/head-office-options.ts';
import type { ConsentOpener } from './customers/consent-opening.ts';
import type { CustomerModuleFactory } from './customers/customer-module.ts';
import type { LogLimits } from './logging/log-file.ts';
import type { SyslogForwarderOptions } from './logging/syslog-forwarder.ts';
import type { PaymentModuleFactory } from './payments/payment-module.ts';
import type { DemoCredentials, SandboxStarter } from './provider/provider-access.ts';
import type { ReceiptPrinter } from './receipts/receipt-service.ts';
import type { PolicySource } from './policy/policy-path.ts';
import type { SecretVault } from './settings/secret-vault.ts';
import type { SettingsFile } from './settings/settings-file.ts';
import type { UpdateEngine } from './updates/update-engine.ts';

// What the app and the browser preview hand createCore (core.ts): the same core, their own seams.

export interface CreateCoreOptions {
  /** Directory for state files (settings when no settingsFile is given, the journal). Created if missing. */
  readonly dataDir: string;
  readonly vault: SecretVault;
  readonly transport: 'electron' | 'web';
  /** The app's version for app.info (Electron: app.getVersion(); preview: package.json). */
  readonly version: string;
  /** electron-store in the app; default: a conf file in dataDir (same engine, same format). */
  readonly settingsFile?: SettingsFile;
  /** Electron's net.fetch in the app; default: Node's fetch. */
  readonly fetch?: typeof fetch;
  /** Embedded sandbox options (demo mode); port 0 or absent: any free port. */
  readonly sandbox?: { readonly port?: number };
  /** The payment service (see payment-module.ts). Default: createPaymentModule() with its standard timings. */
  readonly payments?: PaymentModuleFactory;
  /** The linked-customer service (customers.*). Default: createCustomerModule with this core's vault. */
  readonly customers?: CustomerModuleFactory;
  /** How often the status bar's provider probe runs. */
  readonly statusIntervalMs?: number;
  /** Replace the embedded sandbox (tests of the core's own wiring only). */
  readonly startSandbox?: SandboxStarter;
  readonly demoCredentials?: DemoCredentials;
  /** The system printer (Electron); absent in the browser preview, where the renderer prints. An ESC/POS printer set in Settings is the core's own (printing/). */
  readonly printer?: ReceiptPrinter;
  /** Register connection: how often a quiet event stream gets a comment line (default 15 s; tests shorten it). */
  readonly registerHeartbeatMs?: number;
  /** Register connection: how long a request may take to arrive whole (default 10 s; tests shorten it). */
  readonly registerRequestTimeoutMs?: number;
  /**
   * The port the transport itself listens on (the browser preview's web host; the app has none), once it does:
   * Settings refuses it for the register connection.
   */
  readonly transportPort?: () => number | null;
  /**
   * customers.openConsent: only a transport can show the consent page with the app-token header (Electron's
   * consent window, the web host's broker). Default: a refusal saying so.
   */
  readonly openConsent?: ConsentOpener;
  /**
   * Where the core's log lines go besides its log file (`<dataDir>/logs/core.N.log`, logging/): a listener that
   * cannot listen, and why. Default: the file only.
   */
  readonly log?: (line: string) => void;
  /**
   * The fleet's policy where only administrators can write it (policy/policy-path.ts: the registry, managed
   * preferences, /etc/wallet-pos/policy.json): its values over the saved settings, its locked fields refused.
   * Absent or missing: an unmanaged till. Refused whole when a non-administrator could have written it.
   */
  readonly systemPolicy?: PolicySource | null;
  /** `--policy FILE` (the preview and development only; a packaged app passes null): used when no system one is. */
  readonly policyFile?: string | null;
  /** How often the policy file is looked at for a new version while the till runs (default 5 s). */
  readonly policyWatchMs?: number;
  /** The health check's limits: each check's time (default 5 s), the free space `disk` wants (default 200 MB). */
  readonly health?: { readonly timeoutMs?: number; readonly minFreeBytes?: number };
  /** The log files' size cap (logging/log-file.ts; default 5 files of 5 MB): tests of the rotation shorten it. */
  readonly logLimits?: LogLimits;
  /** The syslog forwarder's queue, waits and TLS authority (logging/syslog-forwarder.ts): tests shorten or set them. */
  readonly syslog?: Omit<SyslogForwarderOptions, 'version'>;
  /**
   * What fetches and installs updates (updates/update-engine.ts): electron-updater in the app
   * (adapters/updater.ts). Default: none, as in the browser preview, which cannot install (updates.status says so).
   */
  readonly updates?: UpdateEngine | null;
  /** The head office's timings and this computer's marks (head-office/head-office-options.ts): tests set them. */
  readonly headOffice?: HeadOfficeOptions;
}
