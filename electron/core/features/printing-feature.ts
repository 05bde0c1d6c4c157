import { joinHandlerParts } from '../compose-handlers.ts';
import type { CoreModule } from '../core-module.ts';
import { createPrintingModule, type PrintingModule } from '../printing/printing-module.ts';
import { printerTargetProblems } from '../printing/printer-target.ts';
import { terminalInEffect } from '../provider/terminal-in-effect.ts';
import { createReceiptHandlers } from '../receipts/receipt-service.ts';
import type { CoreBase } from './core-base.ts';
import type { DayReportGives } from './day-report-feature.ts';
import { tillOwnPorts } from './own-ports.ts';
import type { PaymentsGives } from './payments-feature.ts';
import type { ProviderGives } from './provider-feature.ts';
import type { SettingsGives } from './settings-feature.ts';
import type { StaffGives } from './staff-feature.ts';

// The receipt printer (the app's system printer, or an ESC/POS printer the core drives: Settings → Devices)
// and what is printed on it: receipts, refund slips, the day's and a shift's report.

export interface PrintingGives {
  readonly printing: PrintingModule;
}

type Needs = CoreBase & SettingsGives & StaffGives & ProviderGives & PaymentsGives & DayReportGives;

export const printingFeature: CoreModule<Needs, PrintingGives> = {
  name: 'printing',
  start({ options, settings, admin, staff, provider, demoCredentials, payments, dayReport, hooks }) {
    const till = () => {
      const current = settings.current();
      const { posId } = terminalInEffect(current, demoCredentials);
      const { merchantName, terminalReference, locale, printer, business, country } = current;
      return { merchantName, posId, terminalReference, locale, printer, business, country };
    };
    const printing = createPrintingModule({
      dataDir: options.dataDir,
      till,
      systemPrinter: options.printer,
      daySummary: (day) => dayReport['payments.summary']({ day }),
      shift: async (id) => (await payments.shifts.handlers['shifts.report']({ id })).shift,
      drawerOpener: () => staff.access.requireRight('drawer'),
      drawerOpened: (by, reason) => payments.shifts.drawerOpened(by, reason),
      mayUseDraft: () => !settings.view().secrets.adminPin || admin.active(),
      refuseLocked: (patch) => settings.refuseLocked(patch),
      // A draft's printer is held to the rule a save is (printer-target.ts): a device, not the till's own port.
      draftProblems: (printer) => {
        const saved = settings.current();
        const context = { dataDir: options.dataDir, ownPorts: () => tillOwnPorts(options, provider) };
        return printerTargetProblems({ ...saved, printer }, context, saved.printer);
      },
      onStatus: () => hooks.printerChanged.emit(),
    });
    const receipts = createReceiptHandlers({
      paymentDetail: (referenceId) => payments.handlers['payments.get']({ referenceId }),
      till,
      printer: () => printing.receiptPrinter(),
      printedBefore: (kind, referenceId) => printing.printedBefore(kind, referenceId),
      reprinter: () => staff.access.requireRight('reprint'),
      cashierOnReceipt: () => settings.current().staff.cashierOnReceipt,
    });
    return {
      handlers: joinHandlerParts({ printing: printing.handlers, receipts }),
      close: () => printing.close(),
      gives: { printing },
    };
  },
};
