import { onTestFinished } from 'vitest';
import type { PaymentMethod, RegisterOrigin } from '../../../../shared/payments.ts';
import type { CurrencyCode } from '../../../../shared/money.ts';
import { notice } from '../../../../shared/notices.ts';
import { journalFileIn, openJournal, type Journal } from './journal.ts';
import type { LookedUpPayment } from './looked-up.ts';
import type { AttemptRow } from './rows.ts';
import { removeFolder, tempFolder as newTempFolder } from '../../../testing/helpers.ts';

// Test helpers: a fresh folder per test (deleted when the test ends), a real journal file in it, and a clock
// the test moves by hand.

export interface TestClock {
  readonly now: () => number;
  set(iso: string): void;
  advance(ms: number): void;
}

export function testClock(startIso = '2026-11-21T03:00:00.000Z'): TestClock {
  let current = Date.parse(startIso);
  return {
    now: () => current,
    set: (iso) => {
      current = Date.parse(iso);
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export function tempFolder(): string {
  const folder = newTempFolder('journal-test-');
  onTestFinished(() => removeFolder(folder));
  return folder;
}

export interface TestJournal {
  readonly journal: Journal;
  readonly folder: string;
  readonly filePath: string;
  readonly clock: TestClock;
  /** Opens another journal on the same file (a second connection), closed when the test ends. */
  reopen(): Journal;
}

export function tempJournal(options: { timeZone?: string; clock?: TestClock } = {}): TestJournal {
  const folder = tempFolder();
  const filePath = journalFileIn(folder);
  const clock = options.clock ?? testClock();
  const timeZone = options.timeZone ?? 'Asia/Singapore';
  const open = (): Journal => {
    const journal = openJournal({ filePath, timeZone, now: clock.now });
    // Registered after the folder's cleanup, so it runs before it (vitest runs these last-in first-out).
    onTestFinished(() => journal.close());
    return journal;
  };
  return { journal: open(), folder, filePath, clock, reopen: open };
}

export interface SeedPayment {
  readonly method?: PaymentMethod;
  readonly amountMinor?: number;
  readonly currency?: CurrencyCode;
  readonly outcome?: 'paid' | 'failed' | 'expired' | 'cancelled' | 'waiting' | 'checking' | 'sending';
  readonly providerOrderId?: string;
  readonly note?: string;
  /** Started by the shop's register over the register connection. */
  readonly register?: RegisterOrigin;
}

let codeCounter = 0;

/** Records one attempt through the real API and drives it to the wanted outcome, as the service would. */
export function seedPayment(journal: Journal, seed: SeedPayment = {}): AttemptRow {
  const method = seed.method ?? 'merchant-qr';
  codeCounter += 1;
  const referenceId = journal.newReferenceId('TILL01');
  let row = journal.recordAttempt({
    referenceId,
    method,
    amount: { amountMinor: seed.amountMinor ?? 1234, currency: seed.currency ?? 'SGD' },
    posId: 'POS-1',
    consumerCode: method === 'customer-qr' ? `2810${String(codeCounter).padStart(14, '0')}` : undefined,
    note: seed.note,
    register: seed.register,
  });
  const providerOrderId = seed.providerOrderId ?? null;
  switch (seed.outcome ?? 'paid') {
    case 'sending':
      return row;
    case 'checking':
      return journal.updateAttempt(referenceId, {
        state: 'checking',
        unresolvedReason: notice('payments.error', { error: { code: 'network.timeout' } }),
      });
    case 'waiting':
      return journal.updateAttempt(referenceId, { state: 'active', providerStatus: 'CREATED', providerOrderId });
    case 'paid':
      row = journal.updateAttempt(referenceId, { state: 'active', providerStatus: 'CREATED', providerOrderId });
      return journal.updateAttempt(
        referenceId,
        { state: 'final', providerStatus: 'CAPTURED', paymentType: 'PAY' },
        row.version,
      );
    case 'failed':
      return journal.updateAttempt(referenceId, {
        state: 'final',
        providerStatus: 'FAILED',
        providerOrderId,
        failureReason: 'Declined by wallet',
      });
    case 'expired':
      return journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'ABANDONED', providerOrderId });
    case 'cancelled':
      return journal.updateAttempt(referenceId, { state: 'final', providerStatus: 'CANCELLED', providerOrderId });
  }
}

export interface SeedLookedUp {
  readonly referenceId?: string;
  readonly amountMinor?: number;
  /** What the provider had refunded already (another terminal, the merchant portal). */
  readonly providerRefundedMinor?: number;
  readonly providerOrderId?: string;
  /** When the other terminal took it (default: the test clock's now). */
  readonly createdAt?: number;
}

let lookedUpCounter = 0;

/**
 * Records a payment of another terminal as the service does before its first refund here (origin looked-up):
 * a paid order as the provider's status answer showed it.
 */
export function seedLookedUp(journal: Journal, clock: TestClock, seed: SeedLookedUp = {}): AttemptRow {
  lookedUpCounter += 1;
  const createdAt = seed.createdAt ?? clock.now();
  const payment: LookedUpPayment = {
    referenceId: seed.referenceId ?? `TILL02-20261121-LOOKUP${String(lookedUpCounter).padStart(2, '0')}`,
    amount: { amountMinor: seed.amountMinor ?? 1400, currency: 'SGD' },
    providerStatus: 'CAPTURED',
    providerOrderId: seed.providerOrderId ?? null,
    paymentType: 'PAY',
    failureReason: null,
    providerRefundedMinor: seed.providerRefundedMinor ?? 0,
    createdAt,
    updatedAt: createdAt,
  };
  return journal.recordLookedUpPayment(payment);
}
