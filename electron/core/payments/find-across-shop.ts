import { FIND_LIMIT, type PaymentFindQuery, type PaymentView } from '../../../shared/payments.ts';
import type { ShopPaymentsFinder } from '../core-hooks.ts';

// payments.find across the shop (issue 38): this till's own candidates first (find.ts), then, by order id or by who
// took it, the shop's other tills' from the head office, each naming its till; together at most FIND_LIMIT. By
// amount and time, by a note's words and the day's latest the search stays on this till: another till's clock
// window is not this one's to guess, and its notes and latest sales are that till's own counter.

export function findAcrossShop(
  own: (query: PaymentFindQuery) => Promise<{ readonly items: readonly PaymentView[] }>,
  shop: () => ShopPaymentsFinder,
): (query: PaymentFindQuery) => Promise<{ readonly items: readonly PaymentView[] }> {
  return async (query) => {
    const found = await own(query);
    const room = FIND_LIMIT - found.items.length;
    if (room <= 0 || !('providerOrderId' in query || 'takenBy' in query)) return found;
    const others = await shop()(query, room);
    return others.length === 0 ? found : { items: [...found.items, ...others] };
  };
}
