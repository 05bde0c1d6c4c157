import type { Handlers } from '../../../shared/contract.ts';
import type { PaymentDetail } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import {
  buildReceipt,
  receiptRefusal,
  type ReceiptDocument,
  type ReceiptKind,
  type ReceiptTerminal,
} from '../../../shared/receipt.ts';
import type { Locale } from '../../../shared/settings.ts';
import { notice } from '../../../shared/notices.ts';
import type { BusinessSettings } from '../../../shared/business.ts';
import type { CountryCode } from '../../../shared/money.ts';

// receipts.print, served the same by both transports. The core builds the document from the journal's
// payment (never from what a screen sends) and hands it to the till's printer when the host has one
// (Electron: adapters/printer.ts; an ESC/POS printer: core/printing/). Without one (the browser preview) it answers "print it yourself" and the
// renderer prints the same document with window.print().

/** What a host that can print gives the core. Rejects when the document did not reach the printer. */
export interface ReceiptPrinter {
  print(document: ReceiptDocument): Promise<void>;
}

export interface ReceiptTill extends ReceiptTerminal {
  readonly merchantName: string;
  readonly locale: Locale;
  /** Settings → Terminal's business and the till's country: what makes the receipt a tax receipt (absent: none). */
  readonly business?: BusinessSettings | undefined;
  readonly country?: CountryCode | undefined;
}

export interface ReceiptServiceOptions {
  /** One payment as payments.get gives it (this journal's, or looked up at the provider); order.not-found when nobody has it. */
  readonly paymentDetail: (referenceId: string) => Promise<PaymentDetail>;
  /** Who and where this till is, read at print time (settings may have changed since start). */
  readonly till: () => ReceiptTill;
  /** The printer in effect now (Settings may switch it); none: the renderer prints (browser preview). */
  readonly printer: () => ReceiptPrinter | undefined;
  /** Whether this payment's receipt (or slip) was printed before: this print is a copy (the print record). */
  readonly printedBefore?: ((kind: ReceiptKind, referenceId: string) => boolean) | undefined;
  /** A copy asks the reprint right of the person signed in (StaffAccess.requireRight); throws when they lack it. */
  readonly reprinter?: (() => unknown) | undefined;
  /** Settings → Staff: print the cashier's first name (read at print time; absent = off). */
  readonly cashierOnReceipt?: (() => boolean) | undefined;
}

export function createReceiptHandlers(options: ReceiptServiceOptions): Pick<Handlers, 'receipts.print'> {
  return {
    async 'receipts.print'({ referenceId, kind }) {
      const detail = await options.paymentDetail(referenceId);
      const refusal = receiptRefusal(detail, kind);
      if (refusal) throw new PosError('request.invalid', { notice: refusal });
      // A second receipt is a second proof of payment in someone's hand: a copy is a reprint, a right of its own.
      if (options.printedBefore?.(kind, referenceId)) options.reprinter?.();
      const printer = options.printer();
      if (!printer) return { printed: false, via: 'browser' };
      const till = options.till();
      const document = buildReceipt({
        detail,
        kind,
        merchantName: till.merchantName,
        terminal: till,
        locale: till.locale,
        cashierOnReceipt: options.cashierOnReceipt?.() ?? false,
        business: till.business,
        country: till.country,
      });
      try {
        await printer.print(document);
      } catch (error) {
        // An ESC/POS printer's trouble is already a printer.* code the cashier can act on.
        if (error instanceof PosError) throw error;
        // The printer's own words (the system's, in its language) are passed on as they came: they say what is wrong.
        const detail = error instanceof Error ? error.message : '';
        throw new PosError('internal', {
          notice: detail ? notice('receipt.printer-failed-because', { detail }) : notice('receipt.printer-failed'),
          retryable: true,
          cause: error,
        });
      }
      return { printed: true, via: 'printer' };
    },
  };
}
