import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { appHandlers } from './app-handlers.ts';
import { composeHandlers } from './compose-handlers.ts';
import type { Core } from './core-api.ts';
import type { CoreContext } from './core-context.ts';
import { consentNotAvailable, type ConsentOpener } from './customers/consent-opening.ts';
import { createApprovals } from './customers/approvals.ts';
import { createCustomerModule, type CustomerModule, type CustomerModuleFactory } from './customers/customer-module.ts';
import { dayReportHandlers } from './day-report.ts';
import { startRegisterModule } from './ecr/register-module.ts';
import { createEventBus } from './event-bus.ts';
import { journalLost, openJournalGate, type JournalGate } from './journal-gate.ts';
import { journalRecordsIn } from './journal/journal-record.ts';
import { journalHandlers, journalProblemsOf } from './journal-handlers.ts';
import {
  blockedCustomerModule,
  blockedPaymentModule,
  customerModuleBehind,
  paymentModuleBehind,
} from './journal-stand-ins.ts';
import type { PaymentModuleFactory } from './payments/payment-module.ts';
import { createPaymentModule } from './payments/payment-service.ts';
import { announcingShiftChanges } from './shifts/shift-module.ts';
import { createStatusBudget } from './status/status-budget.ts';
import { DEMO_CREDENTIALS, startSandbox } from './provider/demo.ts';
import { createProviderAccess, type DemoCredentials, type SandboxStarter } from './provider/provider-access.ts';
import { terminalInEffect } from './provider/terminal-in-effect.ts';
import { createPrintingModule } from './printing/printing-module.ts';
import { createReceiptHandlers, type ReceiptPrinter } from './receipts/receipt-service.ts';
import { createHealthModule } from './health/health-module.ts';
import { readPolicyFile, type Policy } from './policy/policy-document.ts';
import { watchPolicyFile } from './policy/policy-watch.ts';
import { noticeInEnglish } from '../../shared/notices.ts';
import { createAdminSession } from './settings/admin-session.ts';
import type { SecretVault } from './settings/secret-vault.ts';
import { openConfSettingsFile, type SettingsFile } from './settings/settings-file.ts';
import { settingsHandlers } from './settings/settings-handlers.ts';
import { openSettingsService, PIN_LOCKOUT_FILE } from './settings/settings-service.ts';
import { webhookPortProblems } from './settings/listener-ports.ts';
import { createListenerBoard } from './status/listener-board.ts';
import { createStatusMonitor } from './status/status-monitor.ts';
import { createStaffModule } from './staff/staff-module.ts';
import type { ShiftView } from '../../shared/staff.ts';
import { loggedHandlers } from './logging/logged-handlers.ts';
import { statusLogger } from './logging/status-log.ts';
import { logsFolderOf, NO_LOG, openLogFile, type LogLimits, type TillLog } from './logging/log-file.ts';
import { supportHandlers } from './support/support-handlers.ts';
import { SYSTEM_TIMERS } from './timers.ts';
import type { UpdateEngine } from './updates/update-engine.ts';
import { createUpdateModule } from './updates/update-module.ts';
import { updateHealth } from './updates/update-health.ts';
import { PosError } from '../../shared/errors.ts';

// The composition of the core, the same in the Electron app and in the browser preview: settings, the
// provider (embedded sandbox in demo mode), the status monitor, the payment service and the linked-customer
// service behind one set of contract handlers and one event stream. Electron-free: the app injects its vault, settings store and fetch.

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
   * The fleet's policy file (policy/): its values over the saved settings, its locked fields refused. Absent or
   * missing: an unmanaged till. The app and the preview pass the system path or `--policy FILE`.
   */
  readonly policyFile?: string | null;
  /** How often the policy file is looked at for a new version while the till runs (default 5 s). */
  readonly policyWatchMs?: number;
  /** The health check's limits: each check's time (default 5 s), the free space `disk` wants (default 200 MB). */
  readonly health?: { readonly timeoutMs?: number; readonly minFreeBytes?: number };
  /** The log files' size cap (logging/log-file.ts; default 5 files of 5 MB): tests of the rotation shorten it. */
  readonly logLimits?: LogLimits;
  /**
   * What fetches and installs updates (updates/update-engine.ts): electron-updater in the app
   * (adapters/updater.ts). Default: none, as in the browser preview, which cannot install (updates.status says so).
   */
  readonly updates?: UpdateEngine | null;
}

const DEFAULT_STATUS_INTERVAL_MS = 30_000;

export async function createCore(options: CreateCoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  // The core's log and the renderer's (its errors come through log.rendererError), one rotating file each.
  const logsFolder = logsFolderOf(options.dataDir);
  // A log that cannot be opened (a read-only folder, a full disk) never keeps the till from taking payments.
  const coreLog = await openLogFile({ folder: logsFolder, name: 'core', limits: options.logLimits }).catch(
    () => NO_LOG,
  );
  const rendererLog = await openLogFile({ folder: logsFolder, name: 'renderer', limits: options.logLimits }).catch(
    () => NO_LOG,
  );
  const closeLogs = async (): Promise<void> => {
    await coreLog.close();
    await rendererLog.close();
  };
  try {
    return await composeCore(options, coreLog, rendererLog, closeLogs);
  } catch (error) {
    coreLog.error('core', 'core.start-failed', { error });
    await closeLogs();
    throw error;
  }
}

async function composeCore(
  options: CreateCoreOptions,
  coreLog: TillLog,
  rendererLog: TillLog,
  closeLogs: () => Promise<void>,
): Promise<Core> {
  coreLog.info('core', 'core.starting', { version: options.version, transport: options.transport });
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const bus = createEventBus();
  const settingsFile = options.settingsFile ?? openConfSettingsFile(options.dataDir);
  const journalRecords = journalRecordsIn(options.dataDir);
  // The modules that log write English lines: each goes to the core's log under its area (and to options.log).
  const linesOf =
    (area: string) =>
    (line: string): void => {
      coreLog.lines(area)(line);
      options.log?.(line);
    };
  const log = linesOf('policy');
  // An invalid policy never stops the till: what of it is valid applies, the rest is logged and shown in Settings.
  const policy = options.policyFile ? readPolicyFile(options.policyFile) : null;
  const logPolicy = (read: Policy | null): void => {
    for (const problem of read?.problems ?? []) log(`policy ${read!.file}: ${noticeInEnglish(problem.notice)}`);
  };
  logPolicy(policy);
  const settingsAlone = await openSettingsService({
    file: settingsFile,
    vault: options.vault,
    lockoutFile: join(options.dataDir, PIN_LOCKOUT_FILE),
    policy,
  });
  const admin = createAdminSession();
  // The shift open now, for session.current: the shifts module's (in the payment service, created below).
  let currentShift = (): ShiftView | null => null;
  // People at the till. Every service gets the settings through it: "the admin PIN" is any admin's own PIN, "the
  // supervisor PIN" anyone's who may approve a refund (staff/staff-pins.ts).
  const staff = await createStaffModule({
    dataDir: options.dataDir,
    settings: settingsAlone,
    vault: options.vault,
    admin,
    emit: bus.emit,
    currentShift: () => currentShift(),
    log: linesOf('staff'),
  });
  const { settings } = staff;
  const demoCredentials = options.demoCredentials ?? DEMO_CREDENTIALS;
  const provider = createProviderAccess({
    settings,
    fetch: fetchImpl,
    startSandbox: options.startSandbox ?? startSandbox,
    demoCredentials,
    sandboxPort: options.sandbox?.port,
  });

  // Demo mode: the sandbox is up before the first screen asks for app.info (and before preview prints its URL).
  if (settings.current().environment === 'embedded-sandbox') await provider.ensureSandbox();

  let countsChanged = (): void => {};
  let providerAnswered = (_answered: boolean): void => {};
  // A listener that cannot listen (a port another program took) never stops the till: the status bar says it.
  const listeners = createListenerBoard({ log: linesOf('listeners') });
  const statusBudget = createStatusBudget({ perSecond: () => settings.current().statusRequestsPerSecond });
  const context: CoreContext = {
    dataDir: options.dataDir,
    journalRecords,
    statusBudget,
    fetch: fetchImpl,
    settings,
    staff: staff.access,
    provider,
    emit: bus.emit,
    countsChanged: () => countsChanged(),
    providerAnswered: (answered) => providerAnswered(answered),
    listeners,
  };
  // Each service behind its journal's gate (journal-gate.ts): a journal refused at start (missing, emptied,
  // replaced, rolled back, corrupt) leaves a stand-in that refuses with journal.lost until an admin resolves it.
  const paymentFactory = options.payments ?? createPaymentModule();
  const customerFactory =
    options.customers ?? createCustomerModule({ vault: options.vault, log: linesOf('customers') });
  let paymentGate;
  try {
    paymentGate = await openJournalGate({
      journal: 'payments',
      records: journalRecords,
      start: async () => paymentFactory(context),
      standIn: blockedPaymentModule,
    });
  } catch (error) {
    await provider.close();
    throw error;
  }
  const payments = paymentModuleBehind(paymentGate);
  currentShift = () => payments.shifts.current();
  // A linked customer's wallet is charged (charge, capture) only with their approval: the customer module
  // asks this gate before either leaves. The questions read a hold through the module, once it runs.
  const approvals = createApprovals(context, {
    customers: { 'customers.find': (request) => customers.handlers['customers.find'](request) },
    unavailable: () => {
      const problem = customerGate.problem();
      return problem ? journalLost(problem) : null;
    },
  });
  let customerGate: JournalGate<CustomerModule>;
  try {
    customerGate = await openJournalGate({
      journal: 'customers',
      records: journalRecords,
      start: () => customerFactory(context, approvals.gate),
      standIn: blockedCustomerModule,
    });
  } catch (error) {
    await payments.close().finally(() => provider.close());
    throw error;
  }
  const customers = customerModuleBehind(customerGate);
  const gates = { payments: paymentGate, customers: customerGate };
  const journalProblems = () => journalProblemsOf(gates);

  const till = () => {
    const current = settings.current();
    const { posId } = terminalInEffect(current, demoCredentials);
    return {
      merchantName: current.merchantName,
      posId,
      terminalReference: current.terminalReference,
      locale: current.locale,
      printer: current.printer,
    };
  };
  const dayReport = dayReportHandlers(payments, customers);
  let printerChanged = (): void => {};
  // The receipt printer: the app's system printer, or an ESC/POS printer the core drives (Settings → Devices).
  const printing = createPrintingModule({
    dataDir: options.dataDir,
    till,
    systemPrinter: options.printer,
    daySummary: (day) => dayReport['payments.summary']({ day }),
    shift: async (id) => (await payments.shifts.handlers['shifts.report']({ id })).shift,
    mayUseDraft: () => !settings.view().secrets.adminPin || admin.active(),
    onStatus: () => printerChanged(),
  });

  // The status bar's changes, with their time, in the core's log (logging/status-log.ts).
  const logStatus = statusLogger(coreLog);
  const status = createStatusMonitor({
    environment: () => {
      const { environment } = settings.current();
      return { environment, demo: environment === 'embedded-sandbox' };
    },
    // The probe never throws for provider trouble (testConnection describes it); no credentials → unknown.
    probe: async () => {
      const client = await provider.instoreClient().catch(() => null);
      if (!client) return null;
      // A status request like the payments' own: it takes a slot of the terminal's budget (screen lane: the
      // status bar is on screen, and must not wait behind a queue of background polls).
      const release = await statusBudget.acquire('screen');
      try {
        return await client.testConnection();
      } finally {
        release();
      }
    },
    // One Unresolved count for everything the till is still settling: in-store payments and linked-customer
    // charges and holds (the Unresolved screen lists both).
    counts: () => {
      const counts = payments.counts();
      return { ...counts, unresolvedCount: counts.unresolvedCount + customers.unresolvedCount() };
    },
    journalProblems,
    listenerProblems: () => listeners.problems(),
    printer: () => printing.status(),
    onChange: (snapshot) => {
      logStatus(snapshot);
      bus.emit('status.changed', snapshot);
    },
    intervalMs: options.statusIntervalMs ?? DEFAULT_STATUS_INTERVAL_MS,
  });
  countsChanged = () => status.recount();
  providerAnswered = (answered) => status.observe(answered);
  printerChanged = () => status.recount();
  const stopListenerEvents = listeners.onChange(() => status.recount());

  const stopSettingsEvents = settings.onChange((view) => {
    bus.emit('settings.changed', view);
    status.recount();
    printing.recheck();
    // Another environment or other credentials: what the status bar said about the provider no longer holds.
    void status.refresh();
  });

  const receipts = createReceiptHandlers({
    paymentDetail: (referenceId) => payments.handlers['payments.get']({ referenceId }),
    till,
    printer: () => printing.receiptPrinter(),
    cashierOnReceipt: () => settings.current().staff.cashierOnReceipt,
  });

  const openConsent = options.openConsent ?? consentNotAvailable;
  // The register connection: its own listener (Settings → Register connection), its sales through the payment
  // service (behind the same journal gate).
  const ownPorts = (): number[] => {
    const sandbox = provider.sandbox();
    return [options.transportPort?.() ?? 0, sandbox ? Number(new URL(sandbox.origin).port) : 0];
  };
  let ecr;
  try {
    ecr = await startRegisterModule({
      dataDir: options.dataDir,
      settings,
      admin,
      payments: payments.register,
      subscribe: bus.subscribe,
      version: options.version,
      heartbeatMs: options.registerHeartbeatMs,
      ownPorts,
      requestTimeoutMs: options.registerRequestTimeoutMs,
      listeners,
      log: linesOf('register'),
    });
  } catch (error) {
    await customers.close().finally(() => payments.close().finally(() => provider.close()));
    throw error;
  }
  // Updates: checked daily, installed only in the maintenance window with no payment open or in doubt.
  const updates = createUpdateModule({
    engine: options.updates ?? null,
    runningVersion: options.version,
    settings: () => settings.current().updates,
    tillIdentity: () => {
      const current = settings.current();
      return `${terminalInEffect(current, demoCredentials).posId}/${current.terminalReference}`;
    },
    // The status bar's counts: in-store and linked-customer, open and in doubt; and a register's sale waiting for
    // its scan, which has no payment yet and would be lost to a restart.
    payments: () => {
      const counts = payments.counts();
      return {
        pendingCount: counts.pendingCount + (payments.register.openSale() ? 1 : 0),
        unresolvedCount: counts.unresolvedCount + customers.unresolvedCount(),
      };
    },
    requireAdmin: async () => {
      await settings.ensureVaultReadable();
      if (settings.view().secrets.adminPin && !admin.active()) throw new PosError('admin.pin-required');
    },
    timers: SYSTEM_TIMERS,
    log,
  });
  // A feed or window just saved is acted on at once, not at the next minute's round.
  const stopUpdateSettings = settings.onChange(() => void updates.tick());
  const webhookPorts = webhookPortProblems({ current: () => settings.current(), ownPorts });
  const health = createHealthModule({
    dataDir: options.dataDir,
    settings: () => settings.current(),
    // The connection test the status bar's probe makes, in the same lane of the terminal's status budget.
    testConnection: async () => {
      const client = await provider.instoreClient();
      const release = await statusBudget.acquire('screen');
      try {
        return await client.testConnection();
      } finally {
        release();
      }
    },
    journalProblems,
    askPrinter: () => printing.check(),
    listenerProblems: () => listeners.problems(),
    ...options.health,
  });
  health.provide('updates', async () => updateHealth(updates.status()));
  const statusNow = () => {
    status.recount();
    return status.snapshot();
  };
  const composed = composeHandlers({
    staff: staff.handlers,
    app: appHandlers({
      version: options.version,
      transport: options.transport,
      settings,
      provider,
      demoCredentials,
      status,
      journalProblems,
      learnedAmountLimits: () => payments.learnedAmountLimits(),
    }),
    settings: settingsHandlers({
      settings,
      admin,
      provider,
      refreshStatus: () => void status.refresh(),
      pinProblems: (patch) => staff.pinProblems(patch),
      listenerProblems: async (candidate, known) => ({
        ...(await ecr.settingsProblems(candidate, known)),
        ...(await webhookPorts(candidate, known)),
      }),
    }),
    journals: journalHandlers({
      gates,
      settings,
      admin,
      now: Date.now,
      statusNow,
    }),
    payments: payments.handlers,
    // A shift opened or closed: the screens hear the session again (session.changed).
    shifts: announcingShiftChanges(payments.shifts.handlers, () => staff.announceSession()),
    dayReport,
    customers: customers.handlers,
    approvals: approvals.handlers,
    consent: {
      'customers.openConsent': ({ linkToken }) =>
        openConsent(linkToken, (page) => bus.emit('customers.consentOnDisplay', page)),
    },
    receipts,
    printing: printing.handlers,
    ecr: ecr.handlers,
    health: health.handlers,
    support: supportHandlers({
      dataDir: options.dataDir,
      version: options.version,
      settings,
      admin,
      statusNow,
      coreLog,
      rendererLog,
    }),
    updates: updates.handlers,
  });
  // Every refused call leaves a line in the core's log (its code and English, never the request).
  const handlers = loggedHandlers(composed, coreLog);

  status.start();
  // A policy pushed while the till runs applies now (after any save under way), not at the next restart.
  const stopPolicyWatch = options.policyFile
    ? watchPolicyFile(
        options.policyFile,
        (next) => {
          log(`policy ${options.policyFile}: ${next ? 'changed, applied' : 'removed, nothing locked any more'}`);
          logPolicy(next);
          settings.replacePolicy(next).catch((error: unknown) => log(`policy not applied: ${String(error)}`));
        },
        options.policyWatchMs,
      )
    : () => {};
  coreLog.info('core', 'core.started', { dataDir: options.dataDir, environment: settings.current().environment });
  updates.start();

  let closing: Promise<void> | null = null;
  return {
    handlers,
    onEvent: bus.subscribe,
    consent: { consentRequest: (linkToken) => customers.consentRequest(linkToken) },
    health: { provide: health.provide },
    close() {
      closing ??= (async () => {
        status.close();
        stopPolicyWatch();
        updates.close();
        stopUpdateSettings();
        stopSettingsEvents();
        stopListenerEvents();
        try {
          // First: no register may start a sale while the services close.
          await ecr.close();
          await customers.close();
        } finally {
          try {
            await payments.close();
          } finally {
            // After the services, which gave up their own waits: whatever still waits for a slot (a status
            // probe) is refused, and no budget timer keeps the process alive.
            statusBudget.close();
            printing.close();
            try {
              await provider.close();
            } finally {
              coreLog.info('core', 'core.closed');
              await closeLogs();
            }
          }
        }
      })();
      return closing;
    },
  };
}
