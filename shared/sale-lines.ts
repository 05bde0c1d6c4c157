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
    description: printableText(80)
      .trim()
      .min(1)
      .describe('What was sold, as the customer reads it (no control characters)'),
    quantity: z.number().int().min(1).max(10_000).describe('How many units: a whole number'),
    unitMinor: z.number().int().min(0).max(MAX_LINE_MINOR).describe('Price of one unit in minor units'),
    amountMinor: z.number().int().min(0).max(MAX_LINE_MINOR).describe('quantity × unitMinor, in minor units'),
  })
  .strict();

export const saleLinesSchema = z.array(saleLineSchema).min(1).max(MAX_SALE_LINES);

/** The lines' total in minor units (integers only: no float ever touches a sum). */
export function saleLinesTotalMinor(lines: readonly SaleLine[]): number {
  return lines.reduce((total, line) => total + line.amountMinor, 0);
}

/**
 * Why these lines cannot be the sale's (the field, as a dotted path of the request, and what is wrong), or null:
 * each line's amount is its quantity times its unit price, and the lines add up to the amount.
 */
export function saleLinesProblem(
  lines: readonly SaleLine[],
  amountMinor: number,
): { readonly field: string; readonly message: string } | null {
  for (const [index, line] of lines.entries()) {
    if (line.quantity * line.unitMinor !== line.amountMinor)
      return {
        field: `lines.${index}.amountMinor`,
        message: `lines.${index}.amountMinor is ${line.amountMinor}, not quantity × unitMinor (${line.quantity} × ${line.unitMinor} = ${line.quantity * line.unitMinor})`,
      };
  }
  const total = saleLinesTotalMinor(lines);
  if (total !== amountMinor)
    return { field: 'lines', message: `the lines add up to ${total}, not amountMinor ${amountMinor}` };
  return null;
}
