import { auditExchange, type ExchangeAuditEntry } from '../http/exchange-audit.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { parseJsonOrText } from '../http/json-text.ts';
import type { Journal } from './journal/index.ts';

// The in-store client reports every HTTP attempt (onExchange); this files each one (../http/exchange-audit.ts)
// under the order it is about, for support. Attempts about no journalled order (a connection test) are not
// kept.

const ORDER_PATH = /\/v1\/instore\/order\/([^/?]+)(?:\/(refund|cancel))?$/;

/** The referenceId an exchange is about: from the path, or from the body of a create/scan. */
export function referenceIdOf(exchange: HttpExchange): string | null {
  const path = new URL(exchange.url).pathname;
  const match = ORDER_PATH.exec(path);
  if (!match) return null;
  const segment = decodeURIComponent(match[1]!);
  if (match[2] === undefined && exchange.method === 'POST' && (segment === 'create' || segment === 'scan')) {
    const body = parseJsonOrText(exchange.requestBody);
    const referenceId = (body as { referenceId?: unknown } | null)?.referenceId;
    return typeof referenceId === 'string' ? referenceId : null;
  }
  return segment;
}

/** The answered creates and scans whose audit entry waits for the answer's own commit (AnswerAudits). */
const ANSWERED_ORDER = new Set(['create', 'scan']);

export function auditOrderExchange(journal: Journal, exchange: HttpExchange, held?: AnswerAudits): void {
  auditExchange(
    (entry) => {
      const referenceId = referenceIdOf(exchange);
      if (referenceId === null) return;
      if (held && exchange.error === null && ANSWERED_ORDER.has(exchange.operation)) held.hold(referenceId, entry);
      else if (journal.getAttempt(referenceId) !== null) journal.appendEvent(referenceId, entry);
    },
    exchange,
    { routinePoll: 'status' },
  );
}

/**
 * The audit entry of a create or scan the provider answered is written in the commit that applies the answer
 * (records.ts updateAttempt: "order created", its QR), not in a commit of its own just before it: on the path
 * from the provider's answer to the QR on screen that is one fsync fewer. It is support's record of the
 * exchange, not the payment's state: a crash before that commit loses both together, and recovery looks the order
 * up as for any answer lost. An entry no update takes (the answer did not validate, the attempt settled
 * meanwhile) is written on its own once the current turn of the event loop is over, still in order.
 */
export class AnswerAudits {
  readonly #journal: Journal;
  readonly #held = new Map<string, ExchangeAuditEntry[]>();
  #flushScheduled = false;

  constructor(journal: Journal) {
    this.#journal = journal;
  }

  hold(referenceId: string, entry: ExchangeAuditEntry): void {
    const entries = this.#held.get(referenceId) ?? [];
    entries.push(entry);
    this.#held.set(referenceId, entries);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      this.flush();
    });
  }

  /**
   * Runs `commit` (a journal commit) with `writeHeld`, which writes what is held for this payment inside it. If
   * the commit is refused, the entries stay held for the next one.
   */
  commitWith<T>(referenceId: string, commit: (writeHeld: () => void) => T): T {
    const entries = this.#held.get(referenceId);
    if (!entries) return commit(() => undefined);
    this.#held.delete(referenceId);
    try {
      return commit(() => {
        if (this.#journal.getAttempt(referenceId) === null) return;
        for (const entry of entries) this.#journal.appendEvent(referenceId, entry);
      });
    } catch (error) {
      this.#held.set(referenceId, [...entries, ...(this.#held.get(referenceId) ?? [])]);
      throw error;
    }
  }

  /** Writes everything still held, each payment's in a commit of its own. */
  flush(): void {
    for (const referenceId of [...this.#held.keys()]) {
      try {
        this.commitWith(referenceId, (writeHeld) => this.#journal.atomically(writeHeld));
      } catch {
        // The audit sink's own failure must not break anything else (as in the attempt loop); a closed
        // journal keeps nothing more.
        this.#held.delete(referenceId);
      }
    }
  }
}
