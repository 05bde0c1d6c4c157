import type { HttpExchange } from './exchange.ts';
import { parseJsonOrText } from './json-text.ts';

// Turns one reported HTTP attempt into an audit-log entry, for support: what was sent, what came back, how
// long it took. Shared by the services of both clients; each supplies the sink (its journal's event append,
// bound to the order or customer the attempt is about). Bodies are parsed back into objects so the journal's
// redaction sees their keys (the customer's scanned code is a body field).

export interface ExchangeAuditEntry {
  readonly kind: 'error' | 'response';
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
  append({
    kind: exchange.error ? 'error' : 'response',
    summary: `${exchange.operation} attempt ${exchange.attempt}: ${outcome} after ${exchange.durationMs} ms`,
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
