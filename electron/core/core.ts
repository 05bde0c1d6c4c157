import { mkdirSync } from 'node:fs';
import { createCloserStack, type CloserStack } from './closer-stack.ts';
import type { Core } from './core-api.ts';
import { createCoreHooks } from './core-hooks.ts';
import type { CreateCoreOptions } from './core-options.ts';
import { createEventBus } from './event-bus.ts';
import { appFeature } from './features/app-feature.ts';
import type { CoreBase } from './features/core-base.ts';
import { customersFeature } from './features/customers-feature.ts';
import { dayReportFeature } from './features/day-report-feature.ts';
import { headOfficeFeature } from './features/head-office-feature.ts';
import { healthFeature } from './features/health-feature.ts';
import { journalsFeature } from './features/journals-feature.ts';
import { logsFeature } from './features/logs-feature.ts';
import { paymentsFeature } from './features/payments-feature.ts';
import { policyWatchFeature } from './features/policy-watch-feature.ts';
import { printingFeature } from './features/printing-feature.ts';
import { providerFeature } from './features/provider-feature.ts';
import { registerFeature } from './features/register-feature.ts';
import { servicesContextFeature } from './features/services-context-feature.ts';
import { settingsFeature } from './features/settings-feature.ts';
import { settingsHandlersFeature } from './features/settings-handlers-feature.ts';
import { staffFeature } from './features/staff-feature.ts';
import { statusFeature } from './features/status-feature.ts';
import { supportFeature } from './features/support-feature.ts';
import { auditChainFeature } from './features/audit-chain-feature.ts';
import { trainingFeature } from './features/training-feature.ts';
import { updatesFeature } from './features/updates-feature.ts';
import { journalRecordsIn } from './sqlite/journal-record.ts';
import { localDayOf, systemTimeZone } from './sqlite/local-time.ts';
import { rightsHeldHandlers } from './staff/rights-held-handlers.ts';
import { chainedAuthority } from './audit-chain/authority-records.ts';
import { signInRequired } from './staff/staff-session.ts';
import { loggedHandlers } from './logging/logged-handlers.ts';
import { logsFolderOf, NO_LOG, openLogFile, type TillLog } from './logging/log-file.ts';
import { createSyslogForwarder, type SyslogForwarder } from './logging/syslog-forwarder.ts';
import { startModules } from './module-chain.ts';

// The composition of the core, the same in the Electron app and in the browser preview: the list of its
// features (features/, each `CoreModule`: core-module.ts), started in order, each with what the ones before it
// gave, behind one set of contract handlers and one event stream, and one stack of closers that unwinds them in
// reverse order on core.close() or on a failed start. Electron-free: the app injects its vault, settings store
// and fetch. A new feature is one folder and one line in the list below.

export type { CreateCoreOptions } from './core-options.ts';

export async function createCore(options: CreateCoreOptions): Promise<Core> {
  mkdirSync(options.dataDir, { recursive: true });
  // The core's log and the renderer's (its errors come through log.rendererError), one rotating file each.
  // A log that cannot be opened (a read-only folder, a full disk) never keeps the till from taking payments.
  const logsFolder = logsFolderOf(options.dataDir);
  const limits = options.logLimits;
  // Their lines also go to the chain's collector once Settings say where (features/logs-feature.ts).
  const syslog = createSyslogForwarder({ version: options.version, ...options.syslog });
  const forward = (log: string) => (line: string) => syslog.forward(log, line);
  const coreLog = await openLogFile({ folder: logsFolder, name: 'core', limits, forward: forward('core') }).catch(
    () => NO_LOG,
  );
  const rendererLog = await openLogFile({
    folder: logsFolder,
    name: 'renderer',
    limits,
    forward: forward('renderer'),
  }).catch(() => NO_LOG);
  const closers = createCloserStack((module, error) => coreLog.error('core', 'core.close-failed', { module, error }));
  // Under the logs: it sends their last lines, then closes.
  closers.push('syslog', () => syslog.close());
  // The bottom of the stack: the logs close last, after every feature has said how it closed.
  closers.push('logs', async () => {
    await coreLog.close();
    await rendererLog.close();
  });
  closers.push('core', () => coreLog.info('core', 'core.closed'));
  coreLog.info('core', 'core.starting', { version: options.version, transport: options.transport });
  return composeCore(baseOf(options, coreLog, rendererLog, syslog), closers);
}

function baseOf(options: CreateCoreOptions, coreLog: TillLog, rendererLog: TillLog, syslog: SyslogForwarder): CoreBase {
  return {
    options,
    coreLog,
    rendererLog,
    syslog,
    // The modules that log write English lines: each goes to the core's log under its area (and to options.log).
    linesOf: (area) => (line) => {
      coreLog.lines(area)(line);
      options.log?.(line);
    },
    bus: createEventBus(),
    hooks: createCoreHooks(),
    journalRecords: journalRecordsIn(options.dataDir),
    fetch: options.fetch ?? globalThis.fetch,
  };
}

async function composeCore(base: CoreBase, closers: CloserStack): Promise<Core> {
  const { coreLog } = base;
  // In the order they start; they close in the reverse one: the policy watch, the update round and the status
  // bar first, then the register (no register may start a sale while the services close), the printer, the
  // customers, the payments, the status budget, the provider, and last the logs.
  const composed = await startModules(base, {
    closers,
    startFailed: (module, error) => coreLog.error('core', 'core.start-failed', { module, error }),
  })
    .add(settingsFeature)
    .add(logsFeature)
    .add(staffFeature)
    .add(providerFeature)
    .add(trainingFeature)
    .add(servicesContextFeature)
    .add(paymentsFeature)
    .add(customersFeature)
    .add(dayReportFeature)
    .add(printingFeature)
    .add(registerFeature)
    .add(headOfficeFeature)
    .add(statusFeature)
    .add(updatesFeature)
    .add(healthFeature)
    .add(supportFeature)
    .add(auditChainFeature)
    .add(appFeature)
    .add(settingsHandlersFeature)
    .add(journalsFeature)
    .add(policyWatchFeature)
    .started();
  const { bus, customers, health, payments, settings, staff } = composed.wiring;
  for (const [id, probe] of composed.health) health.provide(id, probe);
  composed.run();
  coreLog.info('core', 'core.started', { dataDir: base.options.dataDir, environment: settings.current().environment });

  let closing: Promise<void> | null = null;
  return {
    // Every call asks what shared/channel-rights.ts says, of whoever is at the till; every refused call leaves a
    // line in the core's log (its code and English, never the request).
    handlers: loggedHandlers(
      rightsHeldHandlers(
        // Settings, staff, the drawer, register keys, locked PINs: chained once the call succeeded (or was locked).
        chainedAuthority(composed.handlers, {
          append: (entry) => payments.appendToChain(entry),
          signedIn: () => staff.access.signedIn(),
          log: base.linesOf('audit-chain'),
        }),
        {
          signedIn: () => staff.access.signedIn(),
          signInRequired: () => signInRequired(settings.current()),
          adminPinSet: () => settings.view().secrets.adminPin,
          today: () => localDayOf(Date.now(), systemTimeZone()),
        },
      ),
      coreLog,
    ),
    onEvent: bus.subscribe,
    consent: { consentRequest: (linkToken) => customers.consentRequest(linkToken) },
    health: { provide: health.provide },
    close() {
      closing ??= closers.unwind();
      return closing;
    },
  };
}
