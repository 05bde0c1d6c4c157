import type { HeadOfficeEventKind, OutboxEvent } from './events.ts';
import type { OutboxJournal } from './till-outbox.ts';

// The sender's side of the outbox (till-outbox.ts): what waits, in seq order, and what the head office has
// acknowledged. Each write in a commit of its own, off the payment path; a journal that is not open (refused, or
// closing) has nothing to send.

/** The linked-customer journal's staged changes numbered in the payment journal, then deleted there. */
export function moveStaged(payments: OutboxJournal | null, customers: OutboxJournal | null, limit: number): number {
  if (!payments || !customers) return 0;
  const staged = customers.db
    .prepare('SELECT id, kind, occurred_at, body FROM head_office_staging ORDER BY id LIMIT ?')
    .all(limit);
  if (staged.length === 0) return 0;
  const move = payments.db.prepare(
    `INSERT INTO head_office_outbox (kind, occurred_at, body, source, source_id) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (source, source_id) WHERE source IS NOT NULL DO NOTHING`,
  );
  payments.atomically(() => {
    for (const row of staged)
      move.run(
        row['kind'] as HeadOfficeEventKind,
        Number(row['occurred_at']),
        String(row['body']),
        customers.journalId,
        Number(row['id']),
      );
  });
  // A crash here leaves them staged: the next move finds them numbered already and adds nothing.
  const last = Number(staged[staged.length - 1]?.['id']);
  customers.atomically(() => customers.db.prepare('DELETE FROM head_office_staging WHERE id <= ?').run(last));
  return staged.length;
}

export function waiting(payments: OutboxJournal | null, limit: number): OutboxEvent[] {
  if (!payments) return [];
  return payments.db
    .prepare('SELECT seq, kind, occurred_at, body FROM head_office_outbox WHERE sent_at IS NULL ORDER BY seq LIMIT ?')
    .all(limit)
    .map((row) => ({
      seq: Number(row['seq']),
      kind: row['kind'] as HeadOfficeEventKind,
      occurredAt: new Date(Number(row['occurred_at'])).toISOString(),
      body: JSON.parse(String(row['body'])) as unknown,
    }));
}

export function pendingCount(payments: OutboxJournal | null, customers: OutboxJournal | null): number {
  const count = (file: OutboxJournal | null, sql: string): number =>
    file ? Number(file.db.prepare(sql).get()?.['n'] ?? 0) : 0;
  return (
    count(payments, 'SELECT count(*) AS n FROM head_office_outbox WHERE sent_at IS NULL') +
    count(customers, 'SELECT count(*) AS n FROM head_office_staging')
  );
}

export function acknowledge(payments: OutboxJournal | null, throughSeq: number, at: number): void {
  payments?.atomically(() =>
    payments.db
      .prepare('UPDATE head_office_outbox SET sent_at = ? WHERE sent_at IS NULL AND seq <= ?')
      .run(at, throughSeq),
  );
}

export function skipBefore(payments: OutboxJournal | null, before: number, at: number): number {
  if (!payments) return 0;
  return Number(
    payments.atomically(
      () =>
        payments.db
          .prepare('UPDATE head_office_outbox SET sent_at = ? WHERE sent_at IS NULL AND occurred_at < ?')
          .run(at, before).changes,
    ),
  );
}

export function prune(payments: OutboxJournal | null, before: number): number {
  if (!payments) return 0;
  return Number(
    payments.atomically(
      () =>
        payments.db.prepare('DELETE FROM head_office_outbox WHERE sent_at IS NOT NULL AND sent_at < ?').run(before)
          .changes,
    ),
  );
}
