import type { DisplayStatus, OrderStatus } from '../../../../shared/payments.ts';
import { PosError } from '../../../../shared/errors.ts';
import { noticeInEnglish, type Notice } from '../../../../shared/notices.ts';
import type { JournalContext } from './context.ts';
import { SQLITE_CONSTRAINT_FOREIGNKEY, sqliteErrorCode } from '../../sqlite/database.ts';
import { noticeColumn } from '../../sqlite/reason-columns.ts';
import { redactedJson } from '../../sqlite/redact.ts';
import {
  EVENT_KINDS,
  readEvent,
  readStatusHistory,
  type EventKind,
  type EventRow,
  type StatusHistoryRow,
} from './rows.ts';

// Two append-only logs per attempt (the database refuses UPDATE and DELETE on both):
// - events: what we sent, what came back, errors and notes, for support ("what exactly happened?");
// - status history: each change of what the cashier saw, for the detail screen's timeline.
// The status history is its own table, written by the journal itself whenever an attempt's display status or
// provider status changes, in the same commit as the change. Deriving it from events would make the
// timeline depend on the service remembering to log each change, and on parsing redacted JSON to draw it.

// An event is one line for people: "create sent", "status PENDING (poll)", "timeout after 10 s". It is written
// as a notice (a key and parameters, shared/locales/<lang>/notices.events.ts) that the detail screen renders in
// the cashier's language, and as its English (the summary column: for the file, the CSV and the logs).
export type NewEvent = {
  readonly kind: EventKind;
  /** What was sent or received. Redacted and shortened before storing; never pass headers unredacted anyway. */
  readonly data?: unknown;
} & (
  | {
      readonly notice: Notice;
      /** The English line; by default the notice's English. */
      readonly summary?: string;
    }
  | {
      /** English only: the screen shows it as written, in every language. */
      readonly summary: string;
      readonly notice?: undefined;
    }
);

export function appendEvent(ctx: JournalContext, referenceId: string, event: NewEvent): EventRow {
  if (!EVENT_KINDS.includes(event.kind))
    throw new PosError('internal', { cause: new Error(`Unknown event kind "${String(event.kind)}"`) });
  const at = ctx.now();
  const data = redactedJson(event.data);
  const notice = event.notice ?? null;
  const summary = event.notice ? (event.summary ?? noticeInEnglish(event.notice)) : event.summary;
  try {
    const result = ctx
      .sql('INSERT INTO events (reference_id, at, kind, summary, notice, data) VALUES (?, ?, ?, ?, ?, ?)')
      .run(referenceId, at, event.kind, summary, noticeColumn(notice), data);
    return { id: Number(result.lastInsertRowid), referenceId, at, kind: event.kind, summary, notice, data };
  } catch (error) {
    if (sqliteErrorCode(error) === SQLITE_CONSTRAINT_FOREIGNKEY)
      throw new PosError('payment.not-found', { cause: error, details: { referenceId } });
    throw error;
  }
}

export function eventsOf(ctx: JournalContext, referenceId: string): EventRow[] {
  return ctx
    .sql('SELECT id, reference_id, at, kind, summary, notice, data FROM events WHERE reference_id = ? ORDER BY id')
    .all(referenceId)
    .map(readEvent);
}

/** Called by the attempt writes only, inside their transaction. */
export function appendStatusChange(
  ctx: JournalContext,
  referenceId: string,
  at: number,
  status: DisplayStatus,
  providerStatus: OrderStatus | null,
): void {
  ctx
    .sql('INSERT INTO status_history (reference_id, at, display_status, provider_status) VALUES (?, ?, ?, ?)')
    .run(referenceId, at, status, providerStatus);
}

export function statusHistoryOf(ctx: JournalContext, referenceId: string): StatusHistoryRow[] {
  return ctx
    .sql(
      'SELECT id, reference_id, at, display_status, provider_status FROM status_history WHERE reference_id = ? ORDER BY id',
    )
    .all(referenceId)
    .map(readStatusHistory);
}
