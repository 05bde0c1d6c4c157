import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { JournalName } from '../../../../shared/journal.ts';
import type { Atomically } from '../../sqlite/database.ts';
import { changeCapture, type ChangeCapture, type NotedChange } from './change-capture.ts';
import { CUSTOMER_JOURNAL_TABLES, customerJournalEvents } from './customer-journal-events.ts';
import type { NewOutboxEvent, OutboxEvent } from './events.ts';
import { acknowledge, moveStaged, pendingCount, prune, skipBefore, waiting } from './outbox-queue.ts';
import { PAYMENT_JOURNAL_TABLES, paymentJournalEvents } from './payment-journal-events.ts';

// The till's outbox to its head office: what a journal changed, numbered in the commit that changed it.
//
// One sequence per till, in ONE place: the payment journal's head_office_outbox (its schema 18), AUTOINCREMENT so
// a seq is never reused. The linked-customer journal is another SQLite file, and two files cannot share a commit:
// a shared in-memory counter would hand out the same number twice after a crash that kept one file's commit and not
// the other's, and a seq the head office already has is dropped there as a resend (a lost sale). So the customer
// journal stages its changes in its own commit (head_office_staging, its schema 6) and `moveStaged` numbers them
// here, keyed by (that journal's id, staging id) so a move repeated after a crash adds nothing, then deletes them
// there. Staff changes (ho-roster) are kept in no journal: `append` numbers them in a commit of their own.
//
// Only while the head office is on: off, no trigger exists and the journals write exactly as without one.

/** What a journal hands the outbox when it opens (../../sqlite/journal-file.ts). */
export interface OutboxJournal {
  readonly db: DatabaseSync;
  readonly journalId: string;
  readonly atomically: Atomically;
  onBeforeCommit(step: () => void): () => void;
}

/** The journals' side: each journal attaches itself after its migrations and detaches when it closes. */
export interface JournalOutbox {
  attach(journal: JournalName, file: OutboxJournal): () => void;
}

export interface TillOutbox extends JournalOutbox {
  enabled(): boolean;
  setEnabled(enabled: boolean): void;
  /**
   * Numbers one event in a commit of its own in the payment journal (a staff change, a day summary): its seq, or
   * null while the head office is off or the payment journal is not open. Throws what the journal throws.
   */
  append(event: NewOutboxEvent): number | null;
  /** Numbers the linked-customer journal's staged changes; how many moved. */
  moveStaged(limit?: number): number;
  /** The id of the payment journal whose sequence numbers the events (null while it is not open). */
  journalId(): string | null;
  /** The oldest events not yet acknowledged, in seq order. */
  waiting(limit: number): OutboxEvent[];
  /** Events not yet acknowledged, staged ones included. */
  pendingCount(): number;
  /** The head office has every event through `seq`. */
  acknowledge(throughSeq: number, at: number): void;
  /** Marks every event that occurred before `before` as sent without sending it (a copied till enrolled anew). */
  skipBefore(before: number, at: number): number;
  /** Deletes acknowledged events acknowledged before `before` (epoch ms). */
  prune(before: number): number;
  /** The local days whose money changed since the last call (their `day` event is due). */
  takeChangedDays(): string[];
  /** Called (on a later tick, never inside the journal's commit) when events were added or days changed. */
  onChange(listener: () => void): () => void;
}

export interface TillOutboxOptions {
  readonly enabled: boolean;
  readonly now?: (() => number) | undefined;
  /** The till's currency, for a shift still open. */
  readonly currency: () => string;
}

interface Attached {
  readonly file: OutboxJournal;
  readonly capture: ChangeCapture;
  readonly commitCapture: () => void;
  /** Takes the capture out of the journal's commits; set while the outbox is on. */
  stopCapturing?: (() => void) | undefined;
}

export function createTillOutbox(options: TillOutboxOptions): TillOutbox {
  const now = options.now ?? Date.now;
  let on = options.enabled;
  const attached = new Map<JournalName, Attached>();
  const changedDays = new Set<string>();
  const listeners = new Set<() => void>();
  let notifying = false;
  const changed = (days: ReadonlySet<string>): void => {
    for (const day of days) changedDays.add(day);
    if (notifying) return;
    notifying = true;
    // After the commit under way: a listener must never run inside a journal transaction.
    setImmediate(() => {
      notifying = false;
      for (const listener of listeners) listener();
    });
  };

  // Compiled once per connection: the capture runs in every payment's commit.
  const inserts = new WeakMap<DatabaseSync, StatementSync>();
  const insertNumbered = (db: DatabaseSync, event: NewOutboxEvent, at: number): number => {
    let insert = inserts.get(db);
    if (!insert) {
      insert = db.prepare('INSERT INTO head_office_outbox (kind, occurred_at, body) VALUES (?, ?, ?) RETURNING seq');
      inserts.set(db, insert);
    }
    return Number(insert.get(event.kind, at, JSON.stringify(event.body))?.['seq']);
  };

  const switchOn = (entry: Attached): void => {
    entry.capture.start();
    entry.stopCapturing = entry.file.onBeforeCommit(entry.commitCapture);
  };
  const switchOff = (entry: Attached): void => {
    entry.stopCapturing?.();
    entry.stopCapturing = undefined;
    entry.capture.stop();
  };
  const payments = (): OutboxJournal | null => attached.get('payments')?.file ?? null;

  return {
    attach: (journal, file) => {
      const tables = journal === 'payments' ? PAYMENT_JOURNAL_TABLES : CUSTOMER_JOURNAL_TABLES;
      const capture = changeCapture(file.db, tables);
      const entry: Attached = {
        file,
        capture,
        commitCapture: commitCaptureOf(journal, file.db, capture, {
          insertNumbered,
          changed,
          now,
          currency: options.currency,
        }),
      };
      attached.set(journal, entry);
      if (on) switchOn(entry);
      // Whatever a crash left staged or waiting is sent on its own, with nothing new written.
      changed(new Set());
      return () => {
        if (attached.get(journal) !== entry) return;
        attached.delete(journal);
        entry.stopCapturing?.();
      };
    },
    enabled: () => on,
    setEnabled: (enabled) => {
      if (enabled === on) return;
      on = enabled;
      for (const entry of attached.values()) (on ? switchOn : switchOff)(entry);
      if (on) changed(new Set());
    },
    append: (event) => {
      const file = payments();
      if (!on || !file) return null;
      const seq = file.atomically(() => insertNumbered(file.db, event, now()));
      changed(new Set());
      return seq;
    },
    moveStaged: (limit = 500) => moveStaged(payments(), attached.get('customers')?.file ?? null, limit),
    journalId: () => payments()?.journalId ?? null,
    waiting: (limit) => waiting(payments(), limit),
    pendingCount: () => pendingCount(payments(), attached.get('customers')?.file ?? null),
    acknowledge: (throughSeq, at) => acknowledge(payments(), throughSeq, at),
    skipBefore: (before, at) => skipBefore(payments(), before, at),
    prune: (before) => prune(payments(), before),
    takeChangedDays: () => {
      const days = [...changedDays].sort();
      changedDays.clear();
      return days;
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface CaptureNeeds {
  readonly insertNumbered: (db: DatabaseSync, event: NewOutboxEvent, at: number) => number;
  readonly changed: (days: ReadonlySet<string>) => void;
  readonly now: () => number;
  readonly currency: () => string;
}

/** What runs in a journal's commit: the payment journal numbers its events, the other stages them. */
function commitCaptureOf(
  journal: JournalName,
  db: DatabaseSync,
  capture: ChangeCapture,
  needs: CaptureNeeds,
): () => void {
  const { insertNumbered, changed, now } = needs;
  if (journal === 'payments') {
    const events = paymentJournalEvents(db, needs.currency);
    return () => {
      const noted: NotedChange[] = capture.take();
      if (noted.length === 0) return;
      const { events: made, days } = events.eventsOf(noted);
      const at = now();
      for (const event of made) insertNumbered(db, event, at);
      if (made.length > 0) changed(days);
    };
  }
  const events = customerJournalEvents(db);
  const stage = db.prepare('INSERT INTO head_office_staging (kind, occurred_at, body) VALUES (?, ?, ?)');
  return () => {
    const noted = capture.take();
    if (noted.length === 0) return;
    const { events: made, days } = events.eventsOf(noted);
    const at = now();
    for (const event of made) stage.run(event.kind, at, JSON.stringify(event.body));
    if (made.length > 0) changed(days);
  };
}
