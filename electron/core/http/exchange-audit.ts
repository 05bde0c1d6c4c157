import { notice, noticeInEnglish, type Notice } from '../../../shared/notices.ts';
import type { HttpExchange } from './exchange.ts';
import { parseJsonOrText } from './json-text.ts';

// Turns one reported HTTP attempt into an audit-log entry, for support: what was sent, what came back, how
// long it took. Shared by the services of both clients; each supplies the sink (its journal's event append,
// bound to the order or customer the attempt is about). Bodies are parsed back into objects so the journal's
// redaction sees their keys (the customer's scanned code is a body field).

export interface ExchangeAuditEntry {
  readonly kind: 'error' | 'response';
  /** The attempt as a notice (shared/locales/<lang>/notices.events.ts), for a journal that keeps notices. */
  readonly notice: Notice;
  /** Its English, for a journal that keeps only that. */
  readonly summary: string;
  readonly data: Record<string, unknown>;
}

export interface ExchangeAuditOptions {
  /**
   * The operation that polls a status (in-store 'status', tokenized 'pre-auth-status'): its successful
   * attempts are left out, since one a second for minutes would bury the story; the services log each status
   * they see instead.
   */
  readonly routinePoll: string;
}

/**
 * Hands `append` the entry for `exchange`, unless it is a successful routine poll. `append` may still decide
 * not to write (no order or customer to attach it to). Usage:
 *   onExchange: (exchange) => auditExchange((entry) => journal.appendEvent(id, entry), exchange, { routinePoll: 'status' })
 */
export function auditExchange(
  append: (entry: ExchangeAuditEntry) => void,
  exchange: HttpExchange,
  options: ExchangeAuditOptions,
): void {
  if (exchange.operation === options.routinePoll && exchange.error === null) return;
  const outcome = exchange.error
    ? `${exchange.error.code}${exchange.error.networkCode ? ` (${exchange.error.networkCode})` : ''}`
    : `HTTP ${exchange.status}`;
  const attempt = notice('event.http-attempt', {
    operation: exchange.operation,
    attempt: exchange.attempt,
    outcome,
    durationMs: exchange.durationMs,
  });
  append({
    kind: exchange.error ? 'error' : 'response',
    notice: attempt,
    summary: noticeInEnglish(attempt),
    data: {
      method: exchange.method,
      url: exchange.url,
      date: exchange.date,
      idempotencyKey: exchange.idempotencyKey,
      request: parseJsonOrText(exchange.requestBody),
      status: exchange.status,
      response: exchange.responseBody === null ? null : parseJsonOrText(exchange.responseBody),
      error: exchange.error,
      startedAt: exchange.startedAt,
      durationMs: exchange.durationMs,
    },
  });
}
