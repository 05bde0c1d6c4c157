import type { CountryCode, CurrencyCode } from '../../../shared/money.ts';
import type { PaymentDetail } from '../../../shared/payments.ts';
import { afterEach } from 'vitest';
import { DEMO_CREDENTIALS, startSandbox, type RunningSandbox } from '../../sandbox/server.ts';
import { sleep } from '../../testing/helpers.ts';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';

// A till for training's core tests: its environment a custom provider address (an external embedded sandbox,
// started by the test as "the provider"), with an admin, a supervisor and a cashier, sign-in required.

export const ADMIN_PIN = '8642';
export const SUPERVISOR_PIN = '4821';
export const CASHIER_PIN = '1111';

/**
 * Call at the top of a test file: starts "the provider" (an external embedded sandbox speaking the live header
 * prefix) for a test, and closes the test's cores and then its providers after each test.
 */
export function useProviders(): (options?: { readonly confirmDelayMs?: number }) => Promise<RunningSandbox> {
  const providers: RunningSandbox[] = [];
  afterEach(async () => {
    await closeOpenedCores();
    for (const provider of providers.splice(0)) await provider.close();
  });
  return async (options = { confirmDelayMs: 50 }) => {
    const provider = await startSandbox({ headerPrefix: 'X-ShopBack-', ...options });
    providers.push(provider);
    return provider;
  };
}

export async function controlAt(origin: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${origin}/_sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return response.json();
}

export async function ordersAt(origin: string): Promise<string[]> {
  const { orders } = (await controlAt(origin, 'GET', '/orders')) as { orders: Array<{ referenceId: string }> };
  return orders.map((order) => order.referenceId);
}

/** A core with staff and PINs, selling through `provider` as a custom (non-sandbox) environment, in `place`. */
export async function liveTill(
  provider: RunningSandbox,
  place: { country: CountryCode; currency: CurrencyCode } = { country: 'SG', currency: 'SGD' },
  more: {
    /** Settings → Staff beyond sign-in required (the refund limits, say). */
    readonly staff?: Record<string, unknown>;
    /** Other settings and secrets the admin saves with the environment's (the head office, say). */
    readonly settings?: Record<string, unknown>;
    readonly secrets?: Record<string, string>;
  } = {},
) {
  const first = await openCore();
  await dispatch(first.core.handlers, 'settings.save', {
    secrets: { adminPin: ADMIN_PIN, supervisorPin: SUPERVISOR_PIN },
  });
  await first.core.close();
  const opened = await openCore(first.dir);
  const call = async <T>(channel: string, payload: unknown): Promise<T> => {
    const result = await dispatch(opened.core.handlers, channel, payload);
    if (!result.ok) throw Object.assign(new Error(result.error.code), { code: result.error.code });
    return result.value as T;
  };
  const refusal = async (channel: string, payload: unknown): Promise<string> => {
    const result = await dispatch(opened.core.handlers, channel, payload);
    if (result.ok) throw new Error(`${channel} was not refused`);
    return result.error.code;
  };
  await call('settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
  await call('settings.save', {
    settings: {
      environment: 'custom',
      customBaseUrl: provider.instoreBaseUrl,
      accessKeyId: DEMO_CREDENTIALS.accessKeyId,
      posId: DEMO_CREDENTIALS.posId,
      country: place.country,
      currency: place.currency,
      webhookUrl: '',
      ...more.settings,
    },
    secrets: { accessKeySecret: DEMO_CREDENTIALS.accessKeySecret, ...more.secrets },
  });
  const { id: cashierId } = await call<{ id: string }>('staff.save', {
    name: 'Ann Lee',
    role: 'cashier',
    pin: CASHIER_PIN,
  });
  await call('settings.save', { settings: { staff: { signInRequired: true, ...more.staff } } });
  await call('session.signOut', {});
  const settled = async (referenceId: string, status: string): Promise<PaymentDetail> => {
    const until = Date.now() + 10_000;
    for (;;) {
      const detail = await call<PaymentDetail>('payments.get', { referenceId });
      if (detail.payment.displayStatus === status) return detail;
      if (Date.now() > until) throw new Error(`${referenceId} did not settle: ${detail.payment.displayStatus}`);
      await sleep(50);
    }
  };
  const paid = (referenceId: string): Promise<PaymentDetail> => settled(referenceId, 'paid');
  /** A supervisor puts the cashier into training; the cashier signs in and opens a shift. */
  const startLesson = async (): Promise<void> => {
    await call('session.signIn', { pin: SUPERVISOR_PIN });
    await call('training.start', { staffId: cashierId });
    await call('session.signOut', {});
    await call('session.signIn', { pin: CASHIER_PIN });
    await call('shifts.open', {});
  };
  return { ...opened, call, refusal, cashierId, paid, settled, startLesson };
}
