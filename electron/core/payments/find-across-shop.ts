import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import { notice } from '../../../shared/notices.ts';
import { FIND_LIMIT, type PaymentView } from '../../../shared/payments.ts';
import type { ShopPaymentsFinder } from '../core-hooks.ts';
import { FOUND_FOR_MS } from './found-without-receipt.ts';

// payments.find across the shop (issue 38): this till's own candidates first (find.ts), then, by order id or by who
// took it, the shop's other tills' from the head office, each naming its till; together at most FIND_LIMIT. By
// amount and time, by a note's words and the day's latest the search stays on this till: another till's clock
// window is not this one's to guess, and its notes and latest sales are that till's own counter.
//
// A payment the search showed at another till is refunded there (its journal, its shift and its cap), as the Refund
// screen says. The core holds to that for every caller: without it, a cashier who read the reference off the list
// could refund it here through the contract, as a payment of "another terminal" with no receipt and no approver.

type Find = Handlers['payments.find'];
type Refund = Handlers['payments.refund'];

export interface ShopFind {
  readonly find: Find;
  /** `refund` refusing, for FOUND_FOR_MS after a search showed it, a payment another till of the shop took. */
  guardRefund(refund: Refund): Refund;
}

export function findAcrossShop(own: Find, shop: () => ShopPaymentsFinder, now: () => number = Date.now): ShopFind {
  const atOtherTill = new Map<string, { readonly terminalReference: string; readonly until: number }>();
  const note = (items: readonly PaymentView[]): void => {
    const at = now();
    for (const [referenceId, shown] of atOtherTill) if (shown.until <= at) atOtherTill.delete(referenceId);
    for (const item of items) {
      if (item.atOtherTill) {
        atOtherTill.set(item.referenceId, {
          terminalReference: item.atOtherTill.terminalReference,
          until: at + FOUND_FOR_MS,
        });
      }
    }
  };
  return {
    find: async (query) => {
      const found = await own(query);
      const room = FIND_LIMIT - found.items.length;
      if (room <= 0 || !('providerOrderId' in query || 'takenBy' in query)) return found;
      const others = await shop()(query, room);
      note(others);
      return others.length === 0 ? found : { items: [...found.items, ...others] };
    },
    guardRefund: (refund) => async (request, caller) => {
      const shown = atOtherTill.get(request.referenceId);
      if (shown && shown.until > now()) {
        throw new PosError('order.not-refundable', {
          notice: notice('refund.at-other-till', { till: shown.terminalReference }),
          details: { referenceId: request.referenceId, till: shown.terminalReference },
        });
      }
      return refund(request, caller);
    },
  };
}
