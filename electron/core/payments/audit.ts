import type { Exchange } from '../instore/transport.ts';
import type { Journal } from '../journal/index.ts';

// The in-store client reports every HTTP attempt (onExchange); this turns each one into an entry of the
// order's event log, for support: what was sent, what came back, how long it took. Successful status polls
// are left out (one a second for minutes would bury the story); the service logs each status it sees
// instead. Bodies are parsed back into objects so the journal's redaction sees their keys (the customer's
// scanned code is a body field).

const ORDER_PATH = /\/v1\/instore\/order\/([^/?]+)(?:\/(refund|cancel))?$/;

/** The referenceId an exchange is about: from the path, or from the body of a create/scan. */
export function referenceIdOf(exchange: Exchange): string | null {
  const path = new URL(exchange.url).pathname;
  const match = ORDER_PATH.exec(path);
  if (!match) return null;
  const segment = decodeURIComponent(match[1]!);
  if (match[2] === undefined && exchange.method === 'POST' && (segment === 'create' || segment === 'scan')) {
    const body = parse(exchange.requestBody);
    const referenceId = (body as { referenceId?: unknown } | null)?.referenceId;
    return typeof referenceId === 'string' ? referenceId : null;
  }
  return segment;
}

export function auditExchange(journal: Journal, exchange: Exchange): void {
  const failed = exchange.error !== null || exchange.status === null || exchange.status >= 400;
  if (exchange.operation === 'status' && !failed) return;
  const referenceId = referenceIdOf(exchange);
  if (referenceId === null || journal.getAttempt(referenceId) === null) return;
  const outcome = exchange.error ? `${exchange.error.code}${exchange.error.networkCode ? ` (${exchange.error.networkCode})` : ''}` : `HTTP ${exchange.status}`;
  journal.appendEvent(referenceId, {
    kind: exchange.error ? 'error' : 'response',
    summary: `${exchange.operation} attempt ${exchange.attempt}: ${outcome} after ${exchange.durationMs} ms`,
    data: {
      method: exchange.method,
      url: exchange.url,
      date: exchange.date,
      idempotencyKey: exchange.idempotencyKey,
      request: parse(exchange.requestBody),
      status: exchange.status,
      response: exchange.responseBody === null ? null : parse(exchange.responseBody),
      error: exchange.error,
      startedAt: exchange.startedAt,
      durationMs: exchange.durationMs,
    },
  });
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
