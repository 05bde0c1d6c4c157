import { z } from 'zod';
import { CURRENCIES } from './money.ts';

// The small schemas many channels' requests are made of (each feature's file: payments, customers, register…):
// one definition each, so a reference or a day is checked alike everywhere.

export type Empty = Record<string, never>;

export const empty = z.object({}).strict() as unknown as z.ZodType<Empty>;

/**
 * Words a person or a register writes that reach paper, the CSV and screens: reasons, notes, names. No control
 * character (C0, DEL, C1): ESC p in a refund reason would open the cash drawer as the slip prints, an LF would
 * forge a line on a Z report. The printer's layout turns them into spaces anyway (electron/core/printing/
 * paper-text.ts); refusing them here tells whoever typed them, at the field, instead of printing something else.
 */
export const printableText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^\P{Cc}*$/u, 'no control characters (tab, line feed, escape…)');

/** Our payment reference (electron/core/payments/journal/reference-id.ts makes them) or a register's: letters, digits and hyphens. */
export const referenceId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);

export const currency = z.enum(CURRENCIES);

export const amountMinor = z.number().int().positive().max(1_000_000_000);

/** A local calendar day, YYYY-MM-DD. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

// A linked customer's (shared/customers.ts, approvals.ts, consent.ts).
export const merchantUserId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9._@+:-]+$/, 'letters, digits and . _ @ + : -');
export const merchantRef = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/);
export const linkToken = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9-]+$/);
