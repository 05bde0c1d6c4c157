import { join } from 'node:path';
import type { Handlers } from '../../../shared/contract.ts';
import { buildDayReport } from '../../../shared/day-report-document.ts';
import { buildShiftReport } from '../../../shared/shift-report-document.ts';
import type { ShiftView, StaffRef } from '../../../shared/staff.ts';
import type { DaySummary } from '../../../shared/payment-history.ts';
import { PosError } from '../../../shared/errors.ts';
import type { PrinterStatus, PrinterSettings } from '../../../shared/printer.ts';
import type { ReceiptDocument, ReceiptTerminal } from '../../../shared/receipt.ts';
import type { Locale, SettingsPatch } from '../../../shared/settings.ts';
import type { ReceiptPrinter } from '../receipts/receipt-service.ts';
import { refuseIfAny, type FieldNotices } from '../settings/settings-problems.ts';
import { createEscposPrinter, type EscposPrinter } from './escpos-printer.ts';
import { openPrintRecord, PRINT_RECORD_FILE, type PrintWhat } from './print-record.ts';

// The till's receipt printer as the rest of the core sees it: which printer prints now (Settings decide at
// print time: the system printer the app brings, or an ESC/POS printer this module drives), the test page,
// the cash drawer, the end-of-day report and a shift's X/Z report on paper, and the printer's state for the status bar.

export type PrintingChannel =
  'printer.testPage' | 'printer.openDrawer' | 'printer.printDayReport' | 'printer.printShiftReport';

export interface PrintingTill extends ReceiptTerminal {
  readonly merchantName: string;
  readonly locale: Locale;
  readonly printer: PrinterSettings;
}

export interface PrintingOptions {
  readonly dataDir: string;
  readonly till: () => PrintingTill;
  /** The app's system printer (Electron); absent in the browser preview. */
  readonly systemPrinter?: ReceiptPrinter | undefined;
  /** The day's figures for the report (payments.summary). */
  readonly daySummary: (day: string) => Promise<DaySummary>;
  /** A shift as shifts.report answers it (its right asked there): the Z as kept at its close. */
  readonly shift: (id: string) => Promise<ShiftView>;
  /** Who opens the cash drawer: the person signed in, asked for the drawer right (null: nobody, sign-in off). */
  readonly drawerOpener: () => StaffRef | null;
  /** Records the drawer opened (the shift's X and Z list it); a journal that refuses answers the call with its error. */
  readonly drawerOpened: (by: StaffRef | null, reason: string) => void;
  /** Settings' draft is the admin's: refused unless an admin may change settings now. */
  readonly mayUseDraft: () => boolean;
  /** Throws settings.locked, naming the field, when a draft changes what the fleet's policy locks. */
  readonly refuseLocked: (patch: SettingsPatch) => void;
  /** What is wrong with where a draft's printer prints, by field (printer-target.ts): refused as a save is. */
  readonly draftProblems?: (printer: PrinterSettings) => Promise<FieldNotices>;
  readonly onStatus: () => void;
  /** How often a configured ESC/POS printer is asked how it is, between prints (the status bar). */
  readonly watchIntervalMs?: number;
}

export interface PrintingModule {
  /** The printer receipts.print hands its document to now; none: the renderer prints (browser preview). */
  receiptPrinter(): ReceiptPrinter | undefined;
  /** The ESC/POS printer's state when one is set up (the status bar's "Printer: paper out"), else null. */
  status(): PrinterStatus | null;
  /** Whether this document (a payment's receipt or slip: its reference) printed before on either printer. */
  printedBefore(what: PrintWhat, subject: string): boolean;
  /** Asks the ESC/POS printer now (a status query, never a job), for the health check; null for the system printer. */
  check(): Promise<PrinterStatus | null>;
  readonly handlers: Pick<Handlers, PrintingChannel>;
  /** Settings changed: ask the printer now, so the status bar shows the new one's state without a print. */
  recheck(): void;
  close(): void;
}

export function createPrintingModule(options: PrintingOptions): PrintingModule {
  const record = openPrintRecord(join(options.dataDir, PRINT_RECORD_FILE));
  const escpos: EscposPrinter = createEscposPrinter({
    settings: () => options.till().printer,
    locale: () => options.till().locale,
    record,
    onStatus: options.onStatus,
  });
  const drivesItself = (): boolean => options.till().printer.kind !== 'system';
  // The system printer's prints go into the same record (it cannot say more than "printed" or why not).
  const system = options.systemPrinter;
  const onSystem: ReceiptPrinter | undefined = system && {
    async print(document: ReceiptDocument) {
      const entry = { what: document.kind, subject: document.qrText, printer: 'system', copy: false } as const;
      try {
        await system.print(document);
      } catch (error) {
        const words = error instanceof Error ? error.message : String(error);
        record.add({
          ...entry,
          at: new Date().toISOString(),
          outcome: 'failed',
          reason: `system: ${words}`.slice(0, 300),
        });
        throw error;
      }
      record.add({ ...entry, at: new Date().toISOString(), outcome: 'printed', reason: '' });
    },
  };
  const onEscpos: ReceiptPrinter = {
    async print(document: ReceiptDocument) {
      await escpos.print({ document, what: document.kind, subject: document.qrText });
    },
  };

  // Between prints the printer is asked now and then (DLE EOT only, never a job), so "Printer: paper out" shows
  // before the next sale rather than at its receipt.
  const watch = (): void => {
    if (drivesItself()) void escpos.check();
  };
  watch();
  const timer = setInterval(watch, options.watchIntervalMs ?? 30_000);
  timer.unref();

  return {
    receiptPrinter: () => (drivesItself() ? onEscpos : onSystem),
    status: () => (drivesItself() ? escpos.status() : null),
    printedBefore: (what, subject) => record.printedBefore(what, subject),
    check: () => (drivesItself() ? escpos.check() : Promise.resolve(null)),
    handlers: {
      async 'printer.testPage'({ printer }) {
        if (printer && !options.mayUseDraft()) throw new PosError('admin.pin-required');
        // A draft may not try out what the policy locks (another printer's address, say) any more than save it.
        if (printer) options.refuseLocked({ settings: { printer } });
        if (printer && options.draftProblems) refuseIfAny(await options.draftProblems(printer));
        const settings = printer ?? options.till().printer;
        if (settings.kind === 'system')
          throw new PosError('request.invalid', { cause: 'the system printer has no test page from the till' });
        return escpos.testPage(settings, options.till().merchantName);
      },
      async 'printer.openDrawer'({ reason }) {
        const by = options.drawerOpener();
        if (!drivesItself())
          throw new PosError('request.invalid', { cause: 'the cash drawer hangs on an ESC/POS printer' });
        await escpos.openDrawer(by, reason);
        options.drawerOpened(by, reason);
        return { opened: true };
      },
      async 'printer.printDayReport'({ day }) {
        if (!drivesItself()) return { printed: false, via: 'browser' };
        const till = options.till();
        const document = buildDayReport({
          summary: await options.daySummary(day),
          merchantName: till.merchantName,
          terminal: till,
          locale: till.locale,
          printedAt: new Date().toISOString(),
        });
        await escpos.print({ document, what: 'day-report', subject: day });
        return { printed: true, via: 'printer' };
      },
      async 'printer.printShiftReport'({ id }) {
        // Asked first, so a person without the x-report right is refused whichever printer is set.
        const shift = await options.shift(id);
        if (!drivesItself()) return { printed: false, via: 'browser' };
        const till = options.till();
        const document = buildShiftReport({
          shift,
          merchantName: till.merchantName,
          terminal: till,
          locale: till.locale,
          printedAt: new Date().toISOString(),
        });
        // A Z printed again is a copy (the print record knows its id); every X is the shift at that moment.
        const subject = shift.closedAt === null ? `${id}@${shift.report.to}` : id;
        await escpos.print({ document, what: 'shift-report', subject });
        return { printed: true, via: 'printer' };
      },
    },
    recheck: watch,
    close() {
      clearInterval(timer);
      record.close();
    },
  };
}
