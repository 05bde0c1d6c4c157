import { describe, expect, it } from 'vitest';
import type { CountryCode, CurrencyCode } from '../../../shared/money.ts';
import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import type { TrainingSimulation, TrainingStatus } from '../../../shared/training.ts';
import { sleep } from '../../testing/helpers.ts';
import {
  CASHIER_PIN,
  controlAt,
  liveTill,
  ordersAt,
  SUPERVISOR_PIN,
  useProviders,
} from './training-till.test-helper.ts';

// A training sale from start to end through the composed core, on a till whose provider is an external embedded
// sandbox: in the till's own currency, refunded and cancelled at the training sandbox (the provider never hears
// of it), and the Trainer panel's faults giving the trainee what the same fault at the provider gives a cashier.

const aProvider = useProviders();

async function requestPathsAt(origin: string): Promise<string[]> {
  const { requests } = (await controlAt(origin, 'GET', '/requests')) as { requests: Array<{ path: string }> };
  return requests.map((request) => request.path);
}

describe('a training sale in the till’s own currency', () => {
  it.each([
    ['HK', 'HKD'],
    ['MY', 'MYR'],
  ] as Array<[CountryCode, CurrencyCode]>)('a till set up for %s trains in %s', async (country, currency) => {
    const provider = await aProvider();
    const { call, startLesson, paid } = await liveTill(provider, { country, currency });
    await startLesson();

    const lesson = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 2500, currency });
    expect(lesson.referenceId).toMatch(/^TRN-/);
    await call('training.simulate', { action: 'pay' });
    const { payment } = await paid(lesson.referenceId);
    expect(payment).toMatchObject({ amount: { amountMinor: 2500, currency }, training: true });
    expect(await ordersAt(provider.origin)).toEqual([]);
  });
});

describe('a training sale’s refund and cancel', () => {
  it('go to the training sandbox; the provider never sees them', async () => {
    const provider = await aProvider();
    const { call, startLesson, paid, settled } = await liveTill(provider, undefined, {
      staff: { refundWithoutApprovalUpToMinor: 10_000 },
    });
    await startLesson();

    const refunded = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 900, currency: 'SGD' });
    await call('training.simulate', { action: 'pay' });
    await paid(refunded.referenceId);
    const afterRefund = await call<PaymentDetail>('payments.refund', {
      referenceId: refunded.referenceId,
      amountMinor: 400,
      reason: 'lesson: a refund',
    });
    expect(afterRefund.refunds).toMatchObject([{ amount: { amountMinor: 400 }, state: 'succeeded' }]);

    const cancelled = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 700, currency: 'SGD' });
    await call('payments.cancel', { referenceId: cancelled.referenceId, reason: 'lesson: a cancel' });
    await settled(cancelled.referenceId, 'cancelled');

    const { sandboxOrigin } = await call<TrainingStatus & { sandboxOrigin: string }>('training.status', {});
    const atTraining = await requestPathsAt(sandboxOrigin);
    expect(atTraining).toContain(`/posi-sandbox/v1/instore/order/${refunded.referenceId}/refund`);
    expect(atTraining).toContain(`/posi-sandbox/v1/instore/order/${cancelled.referenceId}/cancel`);
    expect((await requestPathsAt(provider.origin)).filter((path) => path.includes('TRN-'))).toEqual([]);
    expect(await ordersAt(provider.origin)).toEqual([]);
  });
});

/** The provider's own fault switches for what the Trainer panel simulates (training-simulator.ts). */
const AT_THE_PROVIDER: Record<Exclude<TrainingSimulation, 'pay' | 'decline' | 'normal'>, [string, unknown]> = {
  'provider-down': ['/faults', { fail5xxNext: 100_000 }],
  'in-doubt': ['/faults', { dropAfterActNext: 1, path: '/order/create' }],
  'expire-next': ['/settings', { abandonAfterMs: 1 }],
};
type Fault = keyof typeof AT_THE_PROVIDER;

/** What the cashier's screen gets from a charge and from the payment afterwards: the core's channels only. */
interface SeenByCashier {
  readonly first: PaymentView['displayStatus'];
  readonly listedUnresolved: boolean;
  readonly last: PaymentView['displayStatus'];
}

const FINAL: ReadonlySet<string> = new Set(['paid', 'failed', 'expired', 'cancelled']);

describe('the Trainer panel’s simulator', () => {
  it('provider down, payment in doubt, declined and expired look to the trainee as the real ones do', async () => {
    const provider = await aProvider();
    const { call, cashierId } = await liveTill(provider);

    /** A sale: what the charge answers, then (after `customer` acts) where it ends, or stands after `withinMs`. */
    async function sale(customer: (referenceId: string) => Promise<unknown>, withinMs = 5_000): Promise<SeenByCashier> {
      const view = await call<PaymentView>('payments.chargeMerchantQr', { amountMinor: 1200, currency: 'SGD' });
      const unresolved = await call<PaymentView[]>('payments.unresolved', {});
      await customer(view.referenceId);
      const until = Date.now() + withinMs;
      for (;;) {
        const { payment } = await call<PaymentDetail>('payments.get', { referenceId: view.referenceId });
        if (FINAL.has(payment.displayStatus) || Date.now() > until) {
          const listedUnresolved = unresolved.some((each) => each.referenceId === view.referenceId);
          return { first: view.displayStatus, listedUnresolved, last: payment.displayStatus };
        }
        await sleep(50);
      }
    }
    const nobody = async (): Promise<void> => {};

    // The real ones first: the cashier, not in training, each fault switched on at the provider.
    const atProvider = (path: string, body?: unknown): Promise<unknown> =>
      controlAt(provider.origin, 'POST', path, body);
    const real = async (fault: Fault, customer: (referenceId: string) => Promise<unknown>, withinMs?: number) => {
      const [path, body] = AT_THE_PROVIDER[fault];
      await atProvider(path, body);
      const seen = await sale(customer, withinMs);
      await controlAt(provider.origin, 'DELETE', '/faults');
      await atProvider('/settings', { abandonAfterMs: 300_000 });
      return seen;
    };
    await call('session.signIn', { pin: CASHIER_PIN });
    await call('shifts.open', {});
    const seenForReal = {
      providerDown: await real('provider-down', nobody, 1_500),
      inDoubt: await real('in-doubt', (referenceId) => atProvider('/consumer/confirm', { referenceId })),
      expired: await real('expire-next', nobody),
      declined: await sale((referenceId) => atProvider('/consumer/decline', { referenceId })),
    };
    await call('session.signOut', {});

    // The same for the trainee, through the Trainer panel.
    await call('session.signIn', { pin: SUPERVISOR_PIN });
    await call('training.start', { staffId: cashierId });
    await call('session.signOut', {});
    await call('session.signIn', { pin: CASHIER_PIN });
    const simulate = (action: TrainingSimulation): Promise<unknown> => call('training.simulate', { action });
    const simulated = async (fault: Fault, customer: () => Promise<unknown>, withinMs?: number) => {
      await simulate(fault);
      const seen = await sale(customer, withinMs);
      await simulate('normal');
      return seen;
    };
    const seenInTraining = {
      providerDown: await simulated('provider-down', nobody, 1_500),
      inDoubt: await simulated('in-doubt', () => simulate('pay')),
      expired: await simulated('expire-next', nobody),
      declined: await sale(() => simulate('decline')),
    };

    expect(seenInTraining).toEqual(seenForReal);
    // Each is the fault it names.
    expect(seenForReal).toEqual({
      providerDown: { first: 'checking', listedUnresolved: true, last: 'checking' },
      inDoubt: { first: 'waiting', listedUnresolved: false, last: 'paid' },
      expired: { first: 'waiting', listedUnresolved: false, last: 'expired' },
      declined: { first: 'waiting', listedUnresolved: false, last: 'failed' },
    });
  }, 60_000);
});
