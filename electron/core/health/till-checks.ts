import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { ListenerName, ListenerProblem } from '../../../shared/status.ts';
import type { JournalName, JournalProblem } from '../../../shared/journal.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import type { ScreenDevices } from '../../../shared/health.ts';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { PrinterStatus, PrinterStateName } from '../../../shared/printer.ts';
import type { Settings, ConnectionTestResult } from '../../../shared/settings.ts';
import { CUSTOMER_JOURNAL_FILE_NAME } from '../customers/journal.ts';
import { JOURNAL_FILE_NAME } from '../payments/journal/journal.ts';
import { fullCheckOffThread } from '../sqlite/structure-check.ts';
import type { HealthProbe } from './health-runner.ts';
import { shortHash } from '../audit-chain/chain-entry.ts';
import type { ChainFinding } from '../audit-chain/journal-verify.ts';
import { verifyJournalFileOffThread } from '../audit-chain/verify-off-thread.ts';

// Each of the till's checks, from the parts the core already has: the provider's connection test (the one
// Settings' "Test connection" runs) for the provider and the clock, the journal gates and SQLite's own check,
// the data folder's free space, the receipt printer's status query, the listener board. What only the screen
// can see (the USB scanner, the camera) is what the screen reported; the words say so.

/** The provider refuses signatures about a minute off; the check, like the status bar, warns at half that. */
export const CLOCK_WARN_MS = 30_000;
/** Below this the journals and the logs may soon fail to write a payment. */
export const DEFAULT_MIN_FREE_BYTES = 200 * 1024 * 1024;

type Found = Awaited<ReturnType<HealthProbe>>;

/** provider and clock, from one connection test (run once, shared by both). */
export function providerChecks(test: () => Promise<ConnectionTestResult>): {
  provider: HealthProbe;
  clock: HealthProbe;
} {
  let once: Promise<ConnectionTestResult> | null = null;
  const result = (): Promise<ConnectionTestResult> => (once ??= test());
  return {
    async provider() {
      let answer: ConnectionTestResult;
      try {
        answer = await result();
      } catch (error) {
        // No client at all: a real environment without its credentials.
        if (error instanceof PosError)
          return { ok: false, detail: notice('health.provider-not-set-up', { reason: error.toNoticeParam() }) };
        throw error;
      }
      return { ok: answer.reachable && answer.signatureAccepted, detail: answer.notice };
    },
    async clock() {
      // Measured now or not at all: a skew remembered from an earlier answer says nothing of the clock today.
      const skewMs = await result().then(
        (answer) => (answer.reachable ? answer.clockSkewMs : null),
        () => null,
      );
      if (skewMs === null) return { ok: false, detail: notice('health.clock-unknown') };
      const skew = { durationMs: Math.abs(skewMs) };
      return Math.abs(skewMs) < CLOCK_WARN_MS
        ? { ok: true, detail: notice('health.clock-ok', { skew }) }
        : { ok: false, detail: notice('health.clock-off', { skew }) };
    },
  };
}

/**
 * Both journals: refused at start (the gate's problem), else SQLite's whole quick_check of the file in use, rows'
 * constraints included (the start checks pages and b-trees only), in a worker thread while the till goes on.
 */
export function journalCheck(dataDir: string, problems: () => readonly JournalProblem[]): HealthProbe {
  return async () => {
    const refused = problems();
    if (refused.length > 0) {
      const list = refused.map((problem) => notice(REFUSED[problem.journal]));
      return { ok: false, detail: list.length === 1 ? list[0]! : notice('health.several', { problems: { list } }) };
    }
    for (const [journal, fileName] of [
      ['payments', JOURNAL_FILE_NAME],
      ['customers', CUSTOMER_JOURNAL_FILE_NAME],
    ] as const) {
      const detail = await fullCheckOffThread(join(dataDir, fileName));
      if (detail !== null) return { ok: false, detail: notice(DAMAGED[journal], { detail }) };
    }
    return { ok: true, detail: notice('health.journals-ok') };
  };
}

const REFUSED: Readonly<Record<JournalName, 'health.journal-payments-refused' | 'health.journal-customers-refused'>> = {
  payments: 'health.journal-payments-refused',
  customers: 'health.journal-customers-refused',
};
const DAMAGED: Readonly<Record<JournalName, 'health.journal-payments-damaged' | 'health.journal-customers-damaged'>> = {
  payments: 'health.journal-payments-damaged',
  customers: 'health.journal-customers-damaged',
};

/**
 * The payment journal's audit chain walked and every record held to it (../audit-chain/journal-verify.ts), in
 * slices so the screens are answered meanwhile. A broken chain is reported, never acted on: sales go on. Provided
 * by the audit chain's feature (../features/audit-chain-feature.ts), which keeps what it found for the next admin.
 */
export function chainCheck(dataDir: string): HealthProbe {
  return async () => {
    const file = join(dataDir, JOURNAL_FILE_NAME);
    const verdict = existsSync(file) ? await verifyJournalFileOffThread(file) : null;
    if (verdict === null) return { ok: true, detail: notice('health.chain-none') };
    const [first] = verdict.findings;
    if (!first)
      return {
        ok: true,
        detail: notice('health.chain-ok', { entries: verdict.total, head: shortHash(verdict.head.hash) }),
      };
    return { ok: false, detail: chainBrokenNotice(first, verdict.findings.length) };
  };
}

/** What the first finding says, in words: the health check's line, and the notice an admin sees at sign-in. */
export function chainBrokenNotice(first: ChainFinding, count: number): Notice {
  const finding = notice(`health.chain.${first.kind}`, {
    seq: first.seq ?? '?',
    subject: first.subject ?? '?',
  });
  return notice('health.chain-broken', { finding, count });
}

/** Free space where the journals and logs are written. */
export function diskCheck(dataDir: string, minFreeBytes: number): HealthProbe {
  return async () => {
    const stats = await statfs(dataDir);
    const freeBytes = Number(stats.bavail) * Number(stats.bsize);
    const free = Math.floor(freeBytes / (1024 * 1024));
    return freeBytes >= minFreeBytes
      ? { ok: true, detail: notice('health.disk-ok', { free }) }
      : { ok: false, detail: notice('health.disk-low', { free, minimum: Math.ceil(minFreeBytes / (1024 * 1024)) }) };
  };
}

const PRINTER_ERRORS: Readonly<Record<Exclude<PrinterStateName, 'ready'>, ErrorCode>> = {
  'paper-out': 'printer.paper-out',
  'cover-open': 'printer.cover-open',
  offline: 'printer.offline',
  failed: 'printer.failed',
};

/** The ESC/POS printer asked now (a status query, no job); null: the computer's own printer, which cannot be asked. */
export function printerCheck(askPrinter: () => Promise<PrinterStatus | null>): HealthProbe {
  return async () => {
    const status = await askPrinter();
    if (status === null) return { ok: true, detail: notice('health.printer-not-asked') };
    if (status.state === 'ready') return { ok: true, detail: notice('health.printer-ready') };
    const code = PRINTER_ERRORS[status.state ?? 'offline'];
    return { ok: false, detail: notice('health.printer-problem', { problem: { code } }) };
  };
}

/** The USB scanner is a keyboard: only the screen sees it read. No read yet is not a fault, and says so. */
export function scannerCheck(devices: ScreenDevices | undefined): HealthProbe {
  return async () => {
    if (!devices) return { ok: true, detail: notice('health.scanner-not-reported') };
    if (devices.scannerReadMsAgo === null) return { ok: true, detail: notice('health.scanner-no-read') };
    return {
      ok: true,
      detail: notice('health.scanner-read', { minutes: Math.floor(devices.scannerReadMsAgo / 60_000) }),
    };
  };
}

/** The camera belongs to the page: what the screen reported of it, never a test the core cannot make. */
export function cameraCheck(devices: ScreenDevices | undefined): HealthProbe {
  return async () => {
    if (!devices || devices.cameraDecoder === null) return { ok: true, detail: notice('health.camera-not-started') };
    return { ok: true, detail: notice(devices.cameraDecoder === 'wasm' ? 'health.camera-fast' : 'health.camera-slow') };
  };
}

const LISTENER_WORDS: Readonly<Record<ListenerName, Notice>> = {
  'payment-notifications': notice('health.listener.payment-notifications'),
  'order-webhooks': notice('health.listener.order-webhooks'),
  'register-connection': notice('health.listener.register-connection'),
};

function listenerOff(problem: ListenerProblem): Notice {
  return notice('health.listener-off', { listener: LISTENER_WORDS[problem.listener], port: problem.port });
}

/** The register connection: off on purpose, listening, or not able to listen on its port. */
export function registerCheck(settings: () => Settings, problems: () => readonly ListenerProblem[]): HealthProbe {
  return async (): Promise<Found> => {
    const { ecr } = settings();
    if (!ecr.enabled) return { ok: true, detail: notice('health.register-off') };
    const problem = problems().find((each) => each.listener === 'register-connection');
    if (problem) return { ok: false, detail: listenerOff(problem) };
    return { ok: true, detail: notice('health.register-listening', { port: ecr.port }) };
  };
}

/** The webhook listeners (payment notifications, linked-customer order webhooks): every one that should listen does. */
export function webhooksCheck(problems: () => readonly ListenerProblem[]): HealthProbe {
  return async () => {
    const off = problems().filter((each) => each.listener !== 'register-connection');
    if (off.length === 0) return { ok: true, detail: notice('health.webhooks-ok') };
    return { ok: false, detail: notice('health.several', { problems: { list: off.map(listenerOff) } }) };
  };
}
