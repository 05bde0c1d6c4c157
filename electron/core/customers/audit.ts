import type { TokenizedExchange } from '../tokenized/transport.ts';
import type { CustomerRuntime } from './runtime.ts';

// The tokenized client reports every HTTP attempt (onExchange); this writes each one to the linked-customer
// journal's event log, against the customer and merchantRef of the request that made it (rt.audit). Successful
// pre-auth polls are left out: the resolver's own entries tell that story.

export function auditExchange(rt: CustomerRuntime, exchange: TokenizedExchange): void {
  if (exchange.operation === 'pre-auth-status' && exchange.error === null) return;
  const scope = rt.audit.getStore();
  if (!scope || rt.closed) return;
  const outcome = exchange.error ? exchange.error.code : `HTTP ${exchange.status}`;
  try {
    rt.journal.appendEvent({
      merchantUserId: scope.merchantUserId,
      merchantRef: scope.merchantRef,
      kind: exchange.error ? 'error' : 'response',
      summary: `${exchange.operation} attempt ${exchange.attempt}: ${outcome} after ${exchange.durationMs} ms`,
      data: {
        method: exchange.method,
        url: exchange.url,
        idempotencyKey: exchange.idempotencyKey,
        request: parseOrText(exchange.requestBody),
        status: exchange.status,
        response: exchange.responseBody === null ? null : parseOrText(exchange.responseBody),
      },
    });
  } catch {
    // The audit trail must never turn a known outcome into an unknown one.
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
