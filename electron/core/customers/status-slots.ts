import type { BudgetTicket, Lane, StatusBudget } from '../status/status-budget.ts';

// The linked-customer lookups in the terminal's one status budget (../status/status-budget.ts). Every request
// made to learn a state — `GET /pre-auths/{id}` (after an order webhook's hint, by the resolver, when a customer
// is opened, after a capture's answer) and the resolver's re-send of a create whose answer was lost — holds a
// slot from when it leaves until a second after its answer, like an in-store lookup, so the provider never sees
// more than the setting in any second, all lookups of the till together.
// The slot is taken inside the customer's lock, around the request alone: a lookup queued behind a charge (which
// may hold the lock for a minute of tries) holds no slot the payment on screen needs, and one that turns out to
// need no request spends none. The price: a lookup waiting for its slot holds the lock, so while a person waits
// for that customer (a charge, a capture, the customer opened), the lookups ahead of them go in the person lane.

export interface StatusSlots {
  /** Runs `request` (one try: the caller's schedule is the retry) in a slot of `lane`, or of the person lane while a person waits for this customer. */
  run<T>(merchantUserId: string, lane: Lane, request: () => Promise<T>): Promise<T>;
  /** A person waits for this customer's lock until the returned function is called. */
  personWaits(merchantUserId: string): () => void;
  /** The service is closing: lookups still waiting for a slot are not sent (they reject), nor are later ones. */
  close(): void;
}

export function createStatusSlots(budget: StatusBudget): StatusSlots {
  /** How many people wait for each customer's lock. */
  const personsWaiting = new Map<string, number>();
  /** The lookups waiting for a slot, by their customer. */
  const waiting = new Map<BudgetTicket, string>();
  let closed = false;

  return {
    async run(merchantUserId, lane, request) {
      if (closed) throw new Error('The lookup was not sent: the linked-customer service is closing.');
      const ticket = budget.take(personsWaiting.has(merchantUserId) ? 'person' : lane);
      waiting.set(ticket, merchantUserId);
      let release;
      try {
        release = await ticket.granted;
      } finally {
        waiting.delete(ticket);
      }
      try {
        return await request();
      } finally {
        release();
      }
    },
    personWaits(merchantUserId) {
      personsWaiting.set(merchantUserId, (personsWaiting.get(merchantUserId) ?? 0) + 1);
      for (const [ticket, owner] of waiting) if (owner === merchantUserId) ticket.raise('person');
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = personsWaiting.get(merchantUserId)! - 1;
        if (left === 0) personsWaiting.delete(merchantUserId);
        else personsWaiting.set(merchantUserId, left);
      };
    },
    close() {
      closed = true;
      for (const ticket of waiting.keys()) ticket.cancel();
    },
  };
}
