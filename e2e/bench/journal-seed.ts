import { performance } from 'node:perf_hooks';
import type { PaymentMethod } from '../../shared/payments.ts';
import type { Journal } from '../../electron/core/payments/journal/journal.ts';

// A realistic payment journal for the benches (journal, cold start): payments over SEED_DAYS days, 08:00–22:00
// Singapore, 78% paid (6% of those refunded), the rest failed, expired or cancelled, each with its events,
// written through the journal's own API. Deterministic: the same journal on every machine.

export const SEED_DAYS = 60;
export const SEED_BATCH = 2_000;

/** Deterministic pseudo-random numbers: the same seed gives the same journal on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20261121);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const LETTERS = [...'ABCDEFGHJKLMNPQRSTUVWXYZ'];

type Outcome = 'paid' | 'failed' | 'expired' | 'cancelled';
const OUTCOMES: readonly Outcome[] = [
  ...Array<Outcome>(78).fill('paid'),
  ...Array<Outcome>(9).fill('failed'),
  ...Array<Outcome>(8).fill('expired'),
  ...Array<Outcome>(5).fill('cancelled'),
];

export interface Seeded {
  readonly referenceIds: string[];
  readonly providerOrderIds: string[];
  readonly refunds: number;
  readonly events: number;
  readonly lastDay: string;
  readonly ms: number;
}

/** Seeds `payments` payments over SEED_DAYS days through the journal's own API; `clock` is the journal's now(). */
export function seedJournal(journal: Journal, clock: { at: number }, payments: number): Seeded {
  const started = performance.now();
  // Day 0 starts 60 local days before 2026-11-21, 08:00 Singapore (00:00 UTC); sales run 08:00–22:00.
  const firstMorning = Date.parse('2026-11-21T00:00:00Z') - (SEED_DAYS - 1) * 86_400_000;
  const perDay = Math.ceil(payments / SEED_DAYS);
  const referenceIds: string[] = [];
  const providerOrderIds: string[] = [];
  let refunds = 0;
  let events = 0;

  for (let start = 0; start < payments; start += SEED_BATCH) {
    journal.atomically(() => {
      for (let n = start; n < Math.min(payments, start + SEED_BATCH); n += 1) {
        const day = Math.floor(n / perDay);
        const slot = n % perDay;
        clock.at =
          firstMorning +
          day * 86_400_000 +
          Math.floor((slot / perDay) * 14 * 3_600_000) +
          Math.floor(random() * 20_000);
        const method: PaymentMethod = random() < 0.4 ? 'customer-qr' : 'merchant-qr';
        const amountMinor = 100 + Math.floor(random() * 49_900);
        const referenceId = journal.newReferenceId('TILL01');
        journal.recordAttempt({
          referenceId,
          method,
          amount: { amountMinor, currency: 'SGD' },
          posId: 'POS-BENCH-1',
          consumerCode: method === 'customer-qr' ? `2810${String(n).padStart(14, '0')}` : undefined,
          note: random() < 0.05 ? 'Table 4, "window"' : null,
        });
        journal.appendEvent(referenceId, {
          kind: 'request',
          summary: method === 'customer-qr' ? 'scan sent' : 'create sent',
          data: { amount: amountMinor, referenceId },
        });
        const local = new Date(clock.at + 8 * 3_600_000).toISOString();
        const providerOrderId = `${local.slice(2, 4)}${local.slice(5, 7)}${local.slice(8, 10)}-${String(n % 10_000).padStart(4, '0')}-${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}`;
        clock.at += 400;
        journal.updateAttempt(referenceId, {
          state: 'active',
          providerStatus: 'CREATED',
          providerOrderId,
          qrPayload: method === 'merchant-qr' ? `wallet://pay/${referenceId}` : null,
        });
        journal.appendEvent(referenceId, {
          kind: 'response',
          summary: '200 created',
          data: { referenceId, traceId: `t-${n}` },
        });
        clock.at += 15_000;
        const outcome = pick(OUTCOMES);
        const providerStatus = {
          paid: 'CAPTURED',
          failed: 'FAILED',
          expired: 'ABANDONED',
          cancelled: 'CANCELLED',
        } as const;
        journal.updateAttempt(referenceId, {
          state: 'final',
          providerStatus: providerStatus[outcome],
          paymentType: outcome === 'paid' ? 'PAY' : null,
          failureReason: outcome === 'failed' ? 'Declined by wallet' : null,
        });
        journal.appendEvent(referenceId, { kind: 'status', summary: `status ${providerStatus[outcome]} (poll)` });
        events += 3;
        if (outcome === 'paid' && random() < 0.06) {
          clock.at += 600_000;
          const full = random() < 0.4;
          const refund = journal.recordRefund(referenceId, {
            amountMinor: full ? amountMinor : Math.max(1, Math.floor(amountMinor / 3)),
            reason: 'Wrong item charged',
          });
          journal.updateRefund(refund.refundId, { state: 'succeeded', providerOrderId });
          if (full) journal.updateAttempt(referenceId, { providerStatus: 'REFUNDED' });
          refunds += 1;
        }
        referenceIds.push(referenceId);
        providerOrderIds.push(providerOrderId);
      }
    });
  }
  const lastDay = journal.getAttempt(referenceIds[referenceIds.length - 1] ?? '')?.localDay ?? journal.today();
  return { referenceIds, providerOrderIds, refunds, events, lastDay, ms: performance.now() - started };
}
