import type { SaleLine } from '../../../../shared/sale-lines.ts';
import { integer, text } from '../../sqlite/columns.ts';
import type { JournalContext } from './context.ts';

// The register's lines of a sale (schema 16, migrations/16-sale-lines.ts): written in the commit that records the
// sale (its payment, or its customer-QR sale waiting for the scan), read into the payment's own view.

/** In the caller's transaction: the lines in the order the register sent them. */
export function recordSaleLines(ctx: JournalContext, referenceId: string, lines: readonly SaleLine[]): void {
  const insert = ctx.sql(
    'INSERT INTO sale_lines (reference_id, position, description, quantity, unit_minor, amount_minor) VALUES (?, ?, ?, ?, ?, ?)',
  );
  ctx.atomically(() =>
    lines.forEach((line, position) =>
      insert.run(referenceId, position, line.description, line.quantity, line.unitMinor, line.amountMinor),
    ),
  );
}

export function saleLinesOf(ctx: JournalContext, referenceId: string): SaleLine[] {
  return ctx
    .sql(
      'SELECT description, quantity, unit_minor, amount_minor FROM sale_lines WHERE reference_id = ? ORDER BY position',
    )
    .all(referenceId)
    .map((row) => ({
      description: text(row, 'description'),
      quantity: integer(row, 'quantity'),
      unitMinor: integer(row, 'unit_minor'),
      amountMinor: integer(row, 'amount_minor'),
    }));
}
