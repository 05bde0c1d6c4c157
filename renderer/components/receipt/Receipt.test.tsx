import { act, fireEvent, screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetail, RefundView } from '../../../shared/payments.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import { App } from '../../App.tsx';
import { PaymentDetailScreen } from '../../screens/payments/PaymentDetailScreen.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { createFakeBridge, paymentView, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';
import { qrSvg } from './qr-svg.ts';
import { Receipt } from './Receipt.tsx';
import { notice } from '../../../shared/notices.ts';

const REFERENCE = 'POS1-20261122-0007';
const ORDER_ID = '221122-0679-YVUY';

function paid() {
  return paymentView({
    referenceId: REFERENCE,
    state: 'final',
    providerStatus: 'CAPTURED',
    displayStatus: 'paid',
    qrPayload: null,
    expiresAt: null,
    canCancel: false,
    canRefund: true,
    refundable: { amountMinor: 1234, currency: 'SGD' },
    providerOrderId: ORDER_ID,
    paymentType: 'PAY',
    posId: 'POS-1',
  });
}

/** Reads a QR back from the SVG we print: module squares → pixels → a real decoder. */
function decodeQrSvg(svg: string): string | null {
  const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]);
  const scale = 4;
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels[offset] = pixels[offset + 1] = pixels[offset + 2] = 0;
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

// happy-dom has no print dialog: stand in for the browser's, and count the calls.
const print = vi.fn();
beforeEach(() => {
  print.mockClear();
  Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
  useAppStore.getState().setSettingsView({
    settings: {
      ...createFakeBridge().settings,
      merchantName: 'Harbour Bakery',
      posId: 'POS-1',
      terminalReference: 'Counter 2',
    },
    secrets: { accessKeySecret: false, adminPin: false, supervisorPin: true } as never,
    demo: true,
    vaultUnreadable: false,
    pinLockouts: [],
  });
});
afterEach(() => Reflect.deleteProperty(window, 'print'));

describe('Receipt', () => {
  it('shows merchant, time, amount, status, type, provider order id, our reference, terminal and a QR that decodes to the reference', () => {
    const document = buildReceipt({
      detail: { payment: paid(), refunds: [], history: [], events: [] },
      kind: 'receipt',
      merchantName: 'Harbour Bakery',
      terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
      locale: 'en',
      timeZone: 'UTC',
    });
    renderWithBridge(<Receipt document={document} />, createFakeBridge());
    const receipt = screen.getByTestId('receipt');
    expect(within(receipt).getByText('Harbour Bakery')).toBeTruthy();
    expect(screen.getByTestId('receipt-time').textContent).toBe('22/11/2026, 10:00:00');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('S$12.34');
    expect(screen.getByTestId('receipt-status').textContent).toBe('Paid');
    expect(screen.getByTestId('receipt-paymentType').textContent).toBe('Wallet payment');
    expect(screen.getByTestId('receipt-providerOrderId').textContent).toBe(ORDER_ID);
    expect(screen.getByTestId('receipt-reference').textContent).toBe(REFERENCE);
    expect(screen.getByTestId('receipt-terminal').textContent).toBe('Counter 2 · POS-1');

    const qr = screen.getByTestId('receipt-qr') as HTMLImageElement;
    expect(qr.getAttribute('alt')).toContain(REFERENCE);
    const src = qr.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    expect(svg).toBe(qrSvg(REFERENCE));
    expect(decodeQrSvg(svg)).toBe(REFERENCE);
  });
});

describe('printing from the screens (no printer behind the core: the browser prints)', () => {
  it('reprints a receipt from the payment detail: receipts.print, then window.print on a print-only receipt', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set(REFERENCE, paid());
    renderWithBridge(<PaymentDetailScreen referenceId={REFERENCE} />, bridge);
    fireEvent.click(await screen.findByTestId('detail-reprint'));
    const area = await screen.findByTestId('receipt-print-area');
    expect(bridge.callsTo('receipts.print')).toEqual([{ referenceId: REFERENCE, kind: 'receipt' }]);
    expect(print).toHaveBeenCalledTimes(1);
    // Outside the app's root, so print CSS can hide everything else.
    expect(area.parentElement).toBe(document.body);
    expect(within(area).getByTestId('receipt-reference').textContent).toBe(REFERENCE);
    expect(within(area).getByTestId('receipt-providerOrderId').textContent).toBe(ORDER_ID);
    expect(within(area).getByText('Harbour Bakery')).toBeTruthy();
    expect(screen.queryByTestId('detail-print-refund-slip')).toBeNull();

    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.queryByTestId('receipt-print-area')).toBeNull();
  });

  it('says so when main printed it, without a browser print dialog', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set(REFERENCE, paid());
    bridge.override('receipts.print', () => ({ ok: true, value: { printed: true, via: 'printer' } }));
    renderWithBridge(<PaymentDetailScreen referenceId={REFERENCE} />, bridge);
    fireEvent.click(await screen.findByTestId('detail-reprint'));
    expect((await screen.findByTestId('detail-reprint-sent')).textContent).toBe('Sent to the receipt printer.');
    expect(print).not.toHaveBeenCalled();
    expect(screen.queryByTestId('receipt-print-area')).toBeNull();
  });

  it('shows the printer trouble the core reports', async () => {
    const bridge = createFakeBridge();
    bridge.payments.set(REFERENCE, paid());
    bridge.override('receipts.print', () => ({
      ok: false,
      error: {
        code: 'internal',
        message: 'The receipt printer did not print (out of paper).',
        retryable: true,
        notice: notice('receipt.printer-failed-because', { detail: 'out of paper' }),
      },
    }));
    renderWithBridge(<PaymentDetailScreen referenceId={REFERENCE} />, bridge);
    fireEvent.click(await screen.findByTestId('detail-reprint'));
    expect((await screen.findByTestId('detail-reprint-error')).textContent).toContain('out of paper');
    expect(print).not.toHaveBeenCalled();
  });

  it('scanning the receipt QR on the Refund screen finds the order; after the refund the slip prints with refunded so far', async () => {
    const bridge: FakeBridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
    bridge.payments.set(REFERENCE, paid());
    const refunds: RefundView[] = [];
    // The fake's payments.get knows no refunds; give it the journal's (the refund the screen just made).
    bridge.override('payments.get', ({ referenceId }) => {
      const payment = bridge.payments.get(referenceId)!;
      const detail: PaymentDetail = { payment, refunds, history: [], events: [] };
      return { ok: true, value: detail };
    });
    bridge.override('payments.refund', ({ referenceId }) => {
      const before = bridge.payments.get(referenceId)!;
      const payment = {
        ...before,
        displayStatus: 'refunded' as const,
        providerStatus: 'REFUNDED' as const,
        refunded: before.amount,
        refundable: { ...before.amount, amountMinor: 0 },
        canRefund: false,
      };
      bridge.payments.set(referenceId, payment);
      refunds.push({
        refundId: 'RF-1',
        referenceId,
        amount: before.amount,
        reason: 'Goods returned',
        state: 'succeeded',
        failureReason: null,
        failureNotice: null,
        posId: 'POS-1',
        createdAt: '2026-11-22T10:05:00.000Z',
        updatedAt: '2026-11-22T10:05:01.000Z',
      });
      return { ok: true, value: { payment, refunds, history: [], events: [] } };
    });
    // The whole app: the USB scanner's keyboard wedge is wired by its frame.
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-refund'));
    await screen.findByTestId('refund-screen');

    // What the receipt's QR holds, typed by the USB scanner.
    const qrText = buildReceipt({
      detail: { payment: paid(), refunds: [], history: [], events: [] },
      kind: 'receipt',
      merchantName: 'M',
      terminal: { posId: 'P', terminalReference: '' },
      locale: 'en',
    }).qrText;
    scannerTypes(document.body, qrText, 5_000);
    expect((await screen.findByTestId('refund-reference')).textContent).toBe(REFERENCE);
    expect(screen.queryByTestId('refund-print-slip')).toBeNull();

    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    fireEvent.click(await screen.findByTestId('refund-confirm-yes'));
    fireEvent.click(await screen.findByTestId('refund-print-slip'));
    const area = await screen.findByTestId('receipt-print-area');
    expect(bridge.callsTo('receipts.print')).toEqual([{ referenceId: REFERENCE, kind: 'refund-slip' }]);
    expect(print).toHaveBeenCalledTimes(1);
    expect(within(area).getByText('Refund slip')).toBeTruthy();
    expect(within(area).getByTestId('receipt-status').textContent).toBe('Refunded');
    expect(within(area).getByTestId('receipt-refunded-so-far').textContent).toBe('S$12.34');
    expect(within(area).getByTestId('receipt-refundable-now').textContent).toBe('S$0.00');
    expect(within(area).getByTestId('receipt-refunds').textContent).toContain('Goods returned');
  });
});
