import type { Page } from 'playwright';
import type { PaymentDetail } from '../../shared/payments.ts';
import type { PreviewHost } from '../fixtures/preview-host.ts';
import { freePort } from '../../electron/sandbox/sandbox.test-helper.ts';
import { hostCall, sleep } from './bench-kit.ts';
import { coreMarksOf, traceOf, type ChargeTrace } from './charge-trace.ts';
import { armQrProbe, readQrProbe, type QrProbe, type QrProbeTarget } from './page-probes.ts';

// The cashier bench's register sale and customer display: a register's POST /payments (the register connection,
// ../../electron/core/ecr/, on this computer) → the QR painted on the till's screen and on the customer display,
// both of which learn of it by events (payment.updated), never by a call of their own.

const STEP_TIMEOUT_MS = 15_000;
export const CASHIER_QR: QrProbeTarget = { qrTestId: 'payment-qr', startsWithClick: true };
export const TILL_QR: QrProbeTarget = { qrTestId: 'payment-qr', startsWithClick: false };
export const DISPLAY_QR: QrProbeTarget = { qrTestId: 'customer-qr', startsWithClick: false };

export interface Register {
  /** A register's request: its status, its body, and when it was sent (epoch ms). */
  post(path: string, body: unknown): Promise<{ status: number; body: { referenceId?: string }; sentAt: number }>;
}

let sequence = 0;

/** The admin PIN the bench sets: register keys are an admin's (none is made while anyone may change settings). */
const ADMIN_PIN = '8642';

/** Turns the register connection on (this computer, HTTP) and makes a key, as an admin would. */
export async function connectRegister(host: PreviewHost): Promise<Register> {
  const port = await freePort();
  await hostCall(host, 'settings.save', {
    settings: { ecr: { enabled: true, port, network: 'this-computer', refundsAllowed: false } },
    secrets: { adminPin: ADMIN_PIN },
  });
  await hostCall(host, 'settings.verifyPin', { kind: 'admin', pin: ADMIN_PIN });
  let baseUrl: string | null = null;
  for (let tries = 0; tries < 100 && !baseUrl; tries += 1) {
    baseUrl = (await hostCall<{ baseUrl: string | null }>(host, 'ecr.status', {})).baseUrl;
    if (!baseUrl) await sleep(50);
  }
  if (!baseUrl) throw new Error('the register connection never listened');
  const { key } = await hostCall<{ key: string }>(host, 'ecr.createKey', { name: 'Bench register' });
  return {
    async post(path, body) {
      const sentAt = Date.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': `bench-${process.pid}-${++sequence}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
      });
      return { status: response.status, body: (await response.json()) as { referenceId?: string }, sentAt };
    },
  };
}

export async function armQr(page: Page, target: QrProbeTarget): Promise<void> {
  await page.evaluate(armQrProbe, target);
}

/** The probe once its QR is painted (epoch ms via its timeOrigin). */
export async function paintedQr(page: Page): Promise<QrProbe> {
  await page.waitForFunction(() => (window as unknown as { __benchQr?: QrProbe }).__benchQr?.paintedAt != null, null, {
    timeout: STEP_TIMEOUT_MS,
    polling: 50,
  });
  const probe = await page.evaluate(readQrProbe);
  if (!probe || probe.paintedAt === null || probe.drawnAt === null) throw new Error('QR probe incomplete');
  return probe;
}

export const paintedEpoch = (probe: QrProbe): number => probe.timeOrigin + probe.paintedAt!;

export interface ScreenSamples {
  readonly total: number[];
  readonly ratio: number[];
  readonly traces: ChargeTrace[];
}

export const screenSamples = (): ScreenSamples => ({ total: [], ratio: [], traces: [] });

/** One screen's sample: trigger (epoch ms) → its QR painted, against the create round trip of the same charge. */
export function addSample(
  samples: ScreenSamples,
  probe: QrProbe,
  detail: PaymentDetail,
  createMs: number,
  marks: { triggerAt: number; callAt: number },
): void {
  const total = paintedEpoch(probe) - marks.triggerAt;
  samples.total.push(total);
  samples.ratio.push(total / createMs);
  const core = coreMarksOf(detail);
  if (core) samples.traces.push(traceOf(probe, core, { ...marks, answerAt: NaN }));
}

/** Amounts ending in 15: never a magic ending of the sandbox, never one of the cashier's samples. */
const registerAmount = (index: number): number => 1_015 + 100 * (index % 90);

/**
 * Figure C: a register's merchant-QR sale → the QR painted on the till and on the customer display. The till rests
 * on an empty Sale screen (a cashier mid-sale would hold registers off with ecr.busy); each sale is cancelled over
 * the connection and its result put away before the next.
 */
export async function registerSaleSamples(
  options: {
    till: Page;
    display: Page;
    register: Register;
    host: PreviewHost;
    runs: number;
    warmUp: number;
    createRoundTripMs: (detail: PaymentDetail) => number;
  },
  onDone: (till: ScreenSamples, display: ScreenSamples, create: number[]) => void,
): Promise<void> {
  const { till, display, register, host } = options;
  const tillSamples = screenSamples();
  const displaySamples = screenSamples();
  const creates: number[] = [];
  for (let index = 0; index < options.warmUp + options.runs; index += 1) {
    await till.getByTestId('sale-screen').waitFor({ timeout: STEP_TIMEOUT_MS });
    await armQr(till, TILL_QR);
    await armQr(display, DISPLAY_QR);
    const created = await register.post('/payments', {
      amountMinor: registerAmount(index),
      currency: 'SGD',
      method: 'merchant-qr',
      orderReference: `BENCH-${index}`,
    });
    const referenceId = created.body.referenceId;
    if (created.status !== 201 || !referenceId)
      throw new Error(`the register's sale was refused: ${created.status} ${JSON.stringify(created.body)}`);
    const tillProbe = await paintedQr(till);
    const displayProbe = await paintedQr(display);
    const detail = await hostCall<PaymentDetail>(host, 'payments.get', { referenceId });
    const createMs = options.createRoundTripMs(detail);
    const cancelled = await register.post(`/payments/${encodeURIComponent(referenceId)}/cancel`, {});
    if (cancelled.status !== 200) throw new Error(`the register's cancel answered ${cancelled.status}`);
    await till.locator('[data-testid="payment-status"][data-status="cancelled"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    const dismiss = till.getByTestId('dismiss-result');
    if (await dismiss.isVisible()) await dismiss.click();
    if (index < options.warmUp) continue;
    creates.push(createMs);
    const marks = { triggerAt: created.sentAt, callAt: created.sentAt };
    addSample(tillSamples, tillProbe, detail, createMs, marks);
    addSample(displaySamples, displayProbe, detail, createMs, marks);
  }
  onDone(tillSamples, displaySamples, creates);
}
