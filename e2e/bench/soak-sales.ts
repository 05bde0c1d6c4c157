import type { Page } from 'playwright';
import type { PreviewHost } from '../fixtures/preview-host.ts';
import { sandboxCall, sleep } from './bench-kit.ts';
import type { Register, RegisterAnswer } from './soak-till.ts';

// One sale of the soak, through the register connection or the cashier's screen in Chromium, paid by the
// customer (our QR scanned, or their code scanned by the till's USB scanner) or cancelled; a register's sale may
// then be refunded in part over the connection. Each ends as the till says it ended: what it said is kept for the
// final comparison with the provider (soak-ledger.ts).

const STEP_TIMEOUT_MS = 60_000;
const FINAL = new Set(['paid', 'failed', 'expired', 'cancelled', 'refunded', 'not-sent']);
/** Part of a sale refunded, in minor units (every sale is at least S$10.00). */
export const REFUND_MINOR = 250;

export type Channel = 'register' | 'screen';
export type Method = 'merchant-qr' | 'customer-qr';

export interface SalePlan {
  readonly index: number;
  readonly channel: Channel;
  readonly method: Method;
  readonly cancel: boolean;
  readonly refund: boolean;
}

export interface SaleOutcome {
  readonly plan: SalePlan;
  readonly referenceId: string | null;
  /** The till's final word on the sale (the register's status, the screen's data-status). */
  readonly status: string;
  /** Refunds the till answered succeeded (0 or 1). */
  readonly refunds: number;
  /** Requests answered 409 ecr.busy and sent again. */
  readonly busyRetries: number;
  /** From the first request to the result put away (refund included). */
  readonly durationMs?: number;
}

/** Amounts ending in 05 … 95 by tens: never one of the sandbox's magic endings (51–56). */
export const amountOf = (index: number): number => 1_005 + 10 * (index % 9) + 100 * (index % 40);

export interface SaleWorld {
  readonly host: PreviewHost;
  readonly page: Page;
  readonly register: Register;
}

export async function runSale(world: SaleWorld, plan: SalePlan): Promise<SaleOutcome> {
  const started = performance.now();
  const outcome = await (plan.channel === 'register' ? registerSale(world, plan) : screenSale(world, plan));
  return { ...outcome, durationMs: performance.now() - started };
}

// ------------------------------------------------------------------------------------------- the register

async function registerSale(world: SaleWorld, plan: SalePlan): Promise<SaleOutcome> {
  const { register, page } = world;
  let busyRetries = 0;
  let created: { status: number; body: RegisterAnswer };
  for (;;) {
    await dismissResult(page);
    created = await register.post('/payments', {
      amountMinor: amountOf(plan.index),
      currency: 'SGD',
      method: plan.method,
      orderReference: `SOAK-${plan.index}`,
    });
    if (created.status !== 409 || created.body.code !== 'ecr.busy' || busyRetries >= 100) break;
    busyRetries += 1;
    await sleep(100);
  }
  const referenceId = created.body.referenceId ?? null;
  if (!referenceId)
    return { plan, referenceId, status: `refused ${created.body.code ?? created.status}`, refunds: 0, busyRetries };
  let payment = await untilSettled(register, referenceId, (status) => status !== 'sending' && status !== 'checking');
  if (payment.status === 'waiting') {
    if (plan.cancel) {
      await register.post(`/payments/${referenceId}/cancel`, {});
    } else if (plan.method === 'merchant-qr') {
      await sandboxCall(world.host, 'POST', '/consumer/confirm', { referenceId });
    } else {
      await page.getByTestId('scan-screen').waitFor({ timeout: STEP_TIMEOUT_MS });
      await scannerTypes(page, await customerCode(world.host));
    }
    payment = await untilSettled(register, referenceId, (status) => FINAL.has(status));
  }
  let refunds = 0;
  if (plan.refund && payment.status === 'paid') {
    const refund = await register.post(`/payments/${referenceId}/refunds`, {
      amountMinor: REFUND_MINOR,
      reason: 'soak: one item returned',
    });
    let state = refund.body.state;
    for (let tries = 0; (state === 'sending' || state === 'checking') && tries < 600; tries += 1) {
      await sleep(100);
      const now = await register.get(`/payments/${referenceId}`);
      if ((now.body.refunded?.amountMinor ?? 0) >= REFUND_MINOR) state = 'succeeded';
    }
    if (state === 'succeeded') refunds = 1;
  }
  await dismissResult(page);
  return { plan, referenceId, status: payment.status ?? 'unknown', refunds, busyRetries };
}

/**
 * Follows a register sale until `done` says its status is what the caller waits for: a plain read, then long
 * polls (each answers at the next change, so a change between two calls costs at most one short wait).
 */
async function untilSettled(
  register: Register,
  referenceId: string,
  done: (status: string) => boolean,
): Promise<RegisterAnswer> {
  const path = `/payments/${encodeURIComponent(referenceId)}`;
  const deadline = Date.now() + STEP_TIMEOUT_MS * 5;
  let payment = (await register.get(path)).body;
  while (!(payment.status && done(payment.status)) && Date.now() < deadline)
    payment = (await register.get(`${path}?waitSeconds=1`)).body;
  return payment;
}

// ------------------------------------------------------------------------------------------- the screen

async function screenSale(world: SaleWorld, plan: SalePlan): Promise<SaleOutcome> {
  const { page } = world;
  await dismissResult(page);
  await page.getByTestId('nav-sale').click({ timeout: STEP_TIMEOUT_MS });
  const amount = amountOf(plan.index);
  await page.getByTestId('sale-screen').waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.getByTestId('keypad-clear').click({ timeout: STEP_TIMEOUT_MS });
  for (const digit of String(amount)) await page.getByTestId(`keypad-${digit}`).click({ timeout: STEP_TIMEOUT_MS });
  await page
    .locator(`[data-testid="sale-amount"][data-amount-minor="${amount}"]`)
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  if (plan.method === 'customer-qr') {
    const code = await customerCode(world.host);
    await page.getByTestId('scan-customer-button').click({ timeout: STEP_TIMEOUT_MS });
    await page.getByTestId('scan-screen').waitFor({ timeout: STEP_TIMEOUT_MS });
    await scannerTypes(page, code);
  } else {
    await page.getByTestId('charge-button').click({ timeout: STEP_TIMEOUT_MS });
  }
  const screen = page.getByTestId('payment-screen');
  await screen.waitFor({ timeout: STEP_TIMEOUT_MS });
  const referenceId = await screen.getAttribute('data-reference-id', { timeout: STEP_TIMEOUT_MS });
  const status = page.getByTestId('payment-status');
  if (plan.method === 'merchant-qr') {
    await page
      .locator(
        '[data-testid="payment-status"]:is([data-status="waiting"], [data-status="failed"], [data-status="not-sent"])',
      )
      .waitFor({ timeout: STEP_TIMEOUT_MS * 3 });
    if ((await status.getAttribute('data-status')) === 'waiting') {
      if (plan.cancel) await page.getByTestId('cancel-payment').click({ timeout: STEP_TIMEOUT_MS });
      else if (referenceId) await sandboxCall(world.host, 'POST', '/consumer/confirm', { referenceId });
    }
  }
  const finals = [...FINAL].map((name) => `[data-status="${name}"]`).join(', ');
  await page.locator(`[data-testid="payment-status"]:is(${finals})`).waitFor({ timeout: STEP_TIMEOUT_MS * 3 });
  const final = (await status.getAttribute('data-status')) ?? 'unknown';
  await dismissResult(page);
  return { plan, referenceId, status: final, refunds: 0, busyRetries: 0 };
}

/** Leaves a result on the till's screen for the next sale (it may have gone by itself). */
async function dismissResult(page: Page): Promise<void> {
  const dismiss = page.getByTestId('dismiss-result');
  if (await dismiss.isVisible()) await dismiss.click({ timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
}

async function customerCode(host: PreviewHost): Promise<string> {
  const { code } = await sandboxCall<{ code: string }>(host, 'POST', '/consumer-codes', { behaviour: 'approve' });
  return code;
}

/** A USB keyboard-wedge scanner: the code's keys 4 ms apart by their OS timestamps, then Enter. */
async function scannerTypes(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const keys = [...code].map((char) => ({ key: char, text: char }));
  keys.push({ key: 'Enter', text: '\r' });
  const startSeconds = (Date.now() - keys.length * 4) / 1000;
  try {
    for (const [index, { key, text }] of keys.entries()) {
      const timestamp = startSeconds + (index * 4) / 1000;
      const enter = key === 'Enter' ? { code: 'Enter', windowsVirtualKeyCode: 13 } : {};
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, text, timestamp, ...enter });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, timestamp, ...enter });
    }
  } finally {
    await cdp.detach();
  }
}
