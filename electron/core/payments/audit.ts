import { auditExchange } from '../http/exchange-audit.ts';
import type { HttpExchange } from '../http/exchange.ts';
import { parseJsonOrText } from '../http/json-text.ts';
import type { Journal } from '../journal/index.ts';

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

export function auditOrderExchange(journal: Journal, exchange: HttpExchange): void {
  auditExchange(
    (entry) => {
      const referenceId = referenceIdOf(exchange);
      if (referenceId !== null && journal.getAttempt(referenceId) !== null) journal.appendEvent(referenceId, entry);
    },
    exchange,
    { routinePoll: 'status' },
  );
}
