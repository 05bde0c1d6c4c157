import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import type { PrinterCheck, PrinterStatus, PrinterSettings } from '../../../shared/printer.ts';
import { LANGUAGES } from '../../../shared/locales/index.ts';
import type { Locale } from '../../../shared/settings.ts';
import type { StaffRef } from '../../../shared/staff.ts';
import { openDeviceLink } from './device-link.ts';
import { CODE_PAGE_SAMPLE, codePageOf } from './code-page.ts';
import { drawerKick, statusQuery } from './escpos-commands.ts';
import { escposJob, type PrintableDocument } from './escpos-layout.ts';
import type { PrintEntry, PrintRecord, PrintWhat } from './print-record.ts';
import { openNetworkLink, PrinterUnreachable, type PrinterLink } from './printer-link.ts';
import { STATUS_QUERIES, stateOf, type PrinterProblem, type PrinterState } from './printer-status.ts';

// An ESC/POS receipt printer driven by the till itself (network or device). Each job: connect, ask the
// printer how it is (DLE EOT 1, 2, 4), send nothing unless it is ready, send the job, ask again, record
// the outcome. A job that failed is never sent again by itself — not on a timer, not when the paper comes
// back: a printer that buffered or a till that retried could print a receipt twice, and a second receipt
// is a second proof of payment. The cashier presses Print again; a print after a good one is marked Copy.

export interface EscposPrinterOptions {
  readonly settings: () => PrinterSettings;
  readonly locale: () => Locale;
  readonly record: PrintRecord;
  readonly now?: () => Date;
  /** The state changed (the status bar shows it). */
  readonly onStatus?: (status: PrinterStatus) => void;
  /** How long to wait for a connection and for each status byte (tests keep the defaults). */
  readonly connectMs?: number;
  readonly answerMs?: number;
}

export interface PrintJob {
  readonly document: PrintableDocument;
  readonly what: PrintWhat;
  /** The payment's reference (receipts, slips), the day (report); '' for a test page. */
  readonly subject: string;
}

export interface EscposPrinter {
  /** Prints once or throws printer.* (after recording either). */
  print(job: PrintJob): Promise<{ readonly copy: boolean }>;
  /** Prints the test page with these settings (Settings' draft, not yet saved); never throws for the printer. */
  testPage(settings: PrinterSettings, merchantName: string): Promise<PrinterCheck>;
  /** Opens the cash drawer (ESC p), when one is set up; the record names who (null: nobody signed in) and why. */
  openDrawer(by: StaffRef | null, why: string): Promise<void>;
  /** Asks the printer how it is (sends no job); the status bar's state. Never throws. */
  check(): Promise<PrinterStatus>;
  status(): PrinterStatus;
}

const ERROR_OF: Readonly<Record<PrinterProblem, ErrorCode>> = {
  'paper-out': 'printer.paper-out',
  'cover-open': 'printer.cover-open',
  offline: 'printer.offline',
  failed: 'printer.failed',
};

export function printerError(problem: PrinterProblem, cause?: unknown): PosError {
  return new PosError(ERROR_OF[problem], { cause });
}

/** How long to wait for the printer: to connect, for a status byte, and for one after a job. */
interface PrinterWaits {
  readonly connectMs: number;
  readonly answerMs: number;
  readonly answerAfterJobMs: number;
}

/** What the record keeps of a job: the drawer adds who opened it and why. */
type RecordedJob = Omit<PrintJob, 'document'> & Pick<PrintEntry, 'by' | 'why'>;

/** What each operation of the printer shares: its options and waits, the state it saw, the record it keeps. */
interface PrinterContext {
  readonly options: EscposPrinterOptions;
  readonly waits: PrinterWaits;
  readonly observe: (state: PrinterState) => void;
  readonly record: (job: RecordedJob, settings: PrinterSettings, reason: string, copy: boolean) => void;
  readonly status: () => PrinterStatus;
}

export function createEscposPrinter(options: EscposPrinterOptions): EscposPrinter {
  const now = options.now ?? (() => new Date());
  const answerMs = options.answerMs ?? 2_000;
  const waits: PrinterWaits = {
    connectMs: options.connectMs ?? 3_000,
    answerMs,
    // After a job the printer may still be taking in its bytes before it answers: a longer wait, never a resend.
    answerAfterJobMs: Math.max(answerMs, 10_000),
  };
  let status: PrinterStatus = { state: null, checkedAt: null };
  // One job at a time: two quick presses must not interleave their bytes on the paper.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const context: PrinterContext = {
    options,
    waits,
    observe: (state) => {
      const changed = state !== status.state;
      status = { state, checkedAt: now().toISOString() };
      if (changed) options.onStatus?.(status);
    },
    record: (job, settings, reason, copy) =>
      options.record.add({
        at: now().toISOString(),
        what: job.what,
        subject: job.subject,
        printer: describePrinter(settings),
        outcome: reason ? 'failed' : 'printed',
        reason,
        copy,
        by: job.by ?? null,
        why: job.why ?? '',
      }),
    status: () => status,
  };

  return {
    print: (job) => serial(() => printJob(context, job)),
    testPage: (settings, merchantName) => serial(() => printTestPage(context, settings, merchantName)),
    openDrawer: (by, why) => serial(() => openCashDrawer(context, by, why)),
    check: () => serial(() => checkPrinter(context)),
    status: () => status,
  };
}

async function printJob({ options, waits, observe, record }: PrinterContext, job: PrintJob) {
  const settings = options.settings();
  const copy = options.record.printedBefore(job.what, job.subject);
  const words = LANGUAGES[options.locale()].receipt;
  const bytes = escposJob(job.document, { ...paperOf(settings, options.locale()), words, copy });
  let outcome;
  try {
    outcome = await send(settings, bytes, waits);
  } catch (error) {
    observe('failed');
    record(job, settings, 'printer.failed', copy);
    throw printerError('failed', error);
  }
  const problem = problemOf(outcome);
  observe(problem ?? 'ready');
  if (problem) {
    record(job, settings, ERROR_OF[problem], copy);
    throw printerError(problem, 'error' in outcome ? outcome.error : undefined);
  }
  record(job, settings, '', copy);
  return { copy };
}

async function printTestPage(
  { options, waits, observe, record }: PrinterContext,
  settings: PrinterSettings,
  merchantName: string,
): Promise<PrinterCheck> {
  const words = LANGUAGES[options.locale()].receipt;
  const paper = paperOf(settings, options.locale());
  const document = {
    kind: 'test-page',
    merchantName,
    qrText: 'WALLET-POS-TEST',
    sample: CODE_PAGE_SAMPLE[paper.codePage],
  } as const;
  const bytes = escposJob(document, { ...paper, words, copy: false });
  const outcome = await send(settings, bytes, waits).catch(() => ({
    before: 'failed' as const,
    after: null,
    answer: [],
  }));
  const problem = problemOf(outcome);
  // The form's printer may not be the saved one: only the saved one's state belongs in the status bar.
  if (describePrinter(settings) === describePrinter(options.settings())) observe(problem ?? 'ready');
  record({ what: 'test-page', subject: '' }, settings, problem ? ERROR_OF[problem] : '', false);
  return {
    printed: outcome.before === 'ready',
    before: outcome.before,
    after: outcome.after,
    answer: outcome.answer.map((byte) => byte.toString(16).padStart(2, '0')).join(' '),
  };
}

async function openCashDrawer(
  { options, waits, observe, record }: PrinterContext,
  by: StaffRef | null,
  why: string,
): Promise<void> {
  const settings = options.settings();
  if (settings.drawerOnMs === 0) throw new PosError('request.invalid', { cause: 'no cash drawer is set up' });
  // The drawer opens even when the paper is out or the cover open: only a printer that does not answer refuses it.
  const opens = (state: PrinterState): boolean => state !== 'offline' && state !== 'failed';
  const outcome = await send(settings, drawerKick(settings.drawerOnMs, settings.drawerOffMs), waits, opens).catch(
    (error: unknown) => ({ before: 'failed' as const, after: null, answer: [], error }),
  );
  const problem = outcome.before === 'offline' || outcome.before === 'failed' ? outcome.before : null;
  observe(outcome.after ?? outcome.before);
  record({ what: 'drawer', subject: '', by, why }, settings, problem ? ERROR_OF[problem] : '', false);
  if (problem) throw printerError(problem);
}

async function checkPrinter({ options, waits, observe, status }: PrinterContext): Promise<PrinterStatus> {
  const settings = options.settings();
  let state: PrinterState;
  try {
    const link = await connect(settings, waits.connectMs);
    try {
      state = (await ask(link, waits.answerMs)).state;
    } finally {
      await link.close();
    }
  } catch (error) {
    state = error instanceof PrinterUnreachable ? 'offline' : 'failed';
  }
  observe(state);
  return status();
}

/** DLE EOT 1, 2, 4 and their answers; 'failed' when a byte does not come within `waitMs`. */
async function ask(link: PrinterLink, waitMs: number): Promise<{ state: PrinterState; answer: number[] }> {
  const answer: number[] = [];
  for (const n of STATUS_QUERIES) {
    await link.write(statusQuery(n));
    const byte = await link.readByte(waitMs);
    if (byte === null) return { state: 'failed', answer };
    answer.push(byte);
  }
  const [printer, offlineCause, paper] = answer as [number, number, number];
  return { state: stateOf({ printer, offlineCause, paper }), answer };
}

/** Connect, check, send (only when `sendable` says the state allows it), check. Never retries. */
async function send(
  settings: PrinterSettings,
  bytes: Uint8Array,
  waits: PrinterWaits,
  sendable: (state: PrinterState) => boolean = (state) => state === 'ready',
) {
  let link: PrinterLink;
  try {
    link = await connect(settings, waits.connectMs);
  } catch (error) {
    if (error instanceof PrinterUnreachable) return { before: 'offline' as const, after: null, answer: [], error };
    throw error;
  }
  try {
    const before = await ask(link, waits.answerMs);
    if (!sendable(before.state)) return { before: before.state, after: null, answer: before.answer };
    await link.write(bytes);
    const after = await ask(link, waits.answerAfterJobMs);
    return { before: before.state, after: after.state, answer: [...before.answer, ...after.answer] };
  } finally {
    await link.close();
  }
}

/** What went wrong, first thing first: the state before the job, else after it; null when ready both times. */
function problemOf(outcome: { before: PrinterState; after: PrinterState | null }): PrinterProblem | null {
  if (outcome.before !== 'ready') return outcome.before;
  return outcome.after !== null && outcome.after !== 'ready' ? outcome.after : null;
}

function connect(settings: PrinterSettings, connectMs: number): Promise<PrinterLink> {
  if (settings.kind === 'network') return openNetworkLink(settings.host, settings.port, connectMs);
  if (settings.kind === 'device') return openDeviceLink(settings.path);
  throw new Error('the system printer is printed by the app, not by the core');
}

/** How the paper is written for this printer and till: width, text or pictures, the code page and the fonts. */
function paperOf(settings: PrinterSettings, locale: Locale) {
  return {
    widthMm: settings.widthMm,
    printAs: settings.printAs,
    codePage: codePageOf(locale),
    script: locale === 'zh-HK' ? ('hk' as const) : ('sc' as const),
  };
}

/** The printer as the record names it (and how two settings are told to mean the same printer). */
function describePrinter(settings: PrinterSettings): string {
  return settings.kind === 'network'
    ? `network ${settings.host}:${settings.port}`
    : `${settings.kind} ${settings.path}`;
}
