import { z } from 'zod';
import { printableText } from './request-atoms.ts';

// What was sold, line by line, when the shop's register sends it with its sale (POST /payments `lines`,
// electron/core/ecr/): recorded with the payment (journal schema 16), printed on the receipt and shown on the
// customer display while the QR waits. Money in integer minor units of the sale's currency; each line's amount is
// its quantity times its unit price, and the lines add up to the sale's amount, exactly: a receipt whose lines do
// not make its total is no receipt.

export interface SaleLine {
  /** What it is, as the customer reads it (printable text, no control characters). */
  readonly description: string;
  /** How many: a whole number of units (a weighed item is one line of its weight's price). */
  readonly quantity: number;
  readonly unitMinor: number;
  /** quantity × unitMinor. */
  readonly amountMinor: number;
}

/** The most lines one sale may carry: a long basket still prints on one roll and fits the display's list. */
export const MAX_SALE_LINES = 100;
/** The largest line amount: the register connection's own bound on a sale. */
const MAX_LINE_MINOR = 1_000_000_000;

export const saleLineSchema = z
  .object({
    description: printableText(80).trim().min(1).describe('What was sold, as the customer reads it (no control characters)'),
    quantity: z.number().int().min(1).max(10_000).describe('How many units: a whole number'),
    unitMinor: z.number().int().min(0).max(MAX_LINE_MINOR).describe('Price of one unit in minor units'),
    amountMinor: z.number().int().min(0).max(MAX_LINE_MINOR).describe('quantity × unitMinor, in minor units'),
  })
  .strict()
  .superRefine((line, ctx) => {
    if (line.quantity * line.unitMinor !== line.amountMinor)
      ctx.addIssue({
        code: 'custom',
        path: ['amountMinor'],
        message: `amountMinor must be quantity × unitMinor (${line.quantity} × ${line.unitMinor})`,
      });
  });

export const saleLinesSchema = z.array(saleLineSchema).min(1).max(MAX_SALE_LINES);

/** The lines' total in minor units (integers only: no float ever touches a sum). */
export function saleLinesTotalMinor(lines: readonly SaleLine[]): number {
  return lines.reduce((total, line) => total + line.amountMinor, 0);
}
