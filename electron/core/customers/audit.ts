import { auditExchange } from '../http/exchange-audit.ts';
import type { TokenizedExchange } from '../tokenized/transport.ts';
import type { CustomerRuntime } from './runtime.ts';

// The tokenized client reports every HTTP attempt (onExchange); this files each one (../http/exchange-audit.ts)
// in the linked-customer journal's event log, against the customer and merchantRef of the request that made
// it (rt.audit). Attempts outside such a request (a login) are not kept.

export function auditCustomerExchange(rt: CustomerRuntime, exchange: TokenizedExchange): void {
  auditExchange(
    (entry) => {
      const scope = rt.audit.getStore();
      if (!scope || rt.closed) return;
      try {
        rt.journal.appendEvent({ merchantUserId: scope.merchantUserId, merchantRef: scope.merchantRef, ...entry });
      } catch {
        // The audit trail must never turn a known outcome into an unknown one.
      }
    },
    exchange,
    { routinePoll: 'pre-auth-status' },
  );
}
