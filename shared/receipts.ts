import { z } from 'zod';
import { RECEIPT_KINDS, type ReceiptKind } from './receipt.ts';
import { referenceId } from './request-atoms.ts';

// Printing a payment's receipt or refund slip (electron/core/receipts/ serves the channel; shared/receipt.ts
// builds the document), and what any printing answers (shared/printer.ts prints reports the same way).

export interface PrintOutcome {
  /** true: sent to the till's printer by main. false: nothing printed yet; the renderer prints it itself. */
  readonly printed: boolean;
  /** printer: main printed it silently; browser: no printer here (web preview), print with window.print(). */
  readonly via: 'printer' | 'browser';
}

export interface ReceiptChannels {
  /** Prints (or reprints) a paid payment's receipt or its refund slip; refused for a payment with none. */
  'receipts.print': { request: { referenceId: string; kind: ReceiptKind }; response: PrintOutcome };
}

export const receiptRequestSchemas: { [K in keyof ReceiptChannels]: z.ZodType<ReceiptChannels[K]['request']> } = {
  'receipts.print': z.object({ referenceId, kind: z.enum(RECEIPT_KINDS) }).strict(),
};
