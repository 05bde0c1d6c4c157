import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetail } from '../../../shared/payments.ts';
import type { Result } from '../../../shared/result.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, paymentView, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { sleep } from '../../../electron/testing/helpers.ts';

// The Refund screen reads the receipt's QR with the camera when Settings choose it. happy-dom has no camera:
// the camera module (what the screen loads with a dynamic import when the camera starts) is stood in for by
// one that records when it was loaded, started and stopped, and hands the test the reader's onCode, as the
// frame loop would call it. The real module, in Chromium with a fake camera: e2e/web/refund-camera.spec.ts.

const camera = vi.hoisted(() => ({
  loaded: 0,
  starts: 0,
  stops: 0,
  onCode: null as ((code: string) => void) | null,
}));

vi.mock('../../scanning/camera-reader.ts', () => {
  camera.loaded += 1;
  return {
    listCameras: async () => [{ deviceId: 'cam-1', kind: 'videoinput', label: 'Counter camera', groupId: '' }],
    startCameraScan: async (options: { onCode: (code: string) => void; onDecoder: (kind: 'wasm') => void }) => {
      camera.starts += 1;
      camera.onCode = options.onCode;
      options.onDecoder('wasm');
      return {
        stop: () => {
          camera.stops += 1;
          camera.onCode = null;
        },
      };
    },
  };
});

const RECEIPT = 'TILL01-20261121-K3F9Q2ZP';

beforeEach(() => {
  Object.assign(camera, { starts: 0, stops: 0, onCode: null });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: () => Promise.reject(new Error('not used: the camera module is stood in for')) },
    configurable: true,
  });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function seeded(refundCamera: boolean): FakeBridge {
  const bridge = createFakeBridge({ secrets: { supervisorPin: '4321' } });
  bridge.settings = { ...bridge.settings, refundCamera };
  bridge.payments.set(
    RECEIPT,
    paymentView({
      referenceId: RECEIPT,
      origin: 'looked-up',
      method: null,
      posId: null,
      amount: { amountMinor: 1400, currency: 'SGD' },
      state: 'final',
      providerStatus: 'CAPTURED',
      displayStatus: 'paid',
      qrPayload: null,
      canCancel: false,
      canRefund: true,
      refundable: { amountMinor: 1400, currency: 'SGD' },
    }),
  );
  return bridge;
}

async function openRefund(bridge: FakeBridge): Promise<void> {
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-refund'));
  await screen.findByTestId('refund-screen');
}

/** The camera reads `code`, as the frame loop reports it. */
function cameraReads(code: string): void {
  const onCode = camera.onCode;
  if (!onCode) throw new Error('the camera is not running');
  act(() => onCode(code));
}

describe('the refund screen reads the receipt with the camera', () => {
  it('only when Settings choose it: otherwise no camera starts and its code is never loaded', async () => {
    await openRefund(seeded(false));
    expect(screen.queryByTestId('camera-panel')).toBeNull();
    expect(document.getElementById('refund-lookup-hint')?.textContent).toBe(
      'Scan the receipt, or type our reference or the provider order id.',
    );
    await act(async () => {
      await sleep(20);
    });
    expect([camera.loaded, camera.starts]).toEqual([0, 0]);
  });

  it('looks the receipt up once, however often the camera sees it; refuses a code that is not a receipt; releases the camera on leave', async () => {
    const bridge = seeded(true);
    // The provider's answer is held back, so the lookup stays in flight while the camera keeps reading.
    const held: (() => void)[] = [];
    bridge.override('payments.get', ({ referenceId }) => {
      const payment = bridge.payments.get(referenceId);
      const answer: Result<PaymentDetail> = payment
        ? { ok: true, value: { payment, refunds: [], history: [], events: [] } }
        : { ok: false, error: { code: 'order.not-found', message: 'not found', retryable: false } };
      return new Promise((resolve) => held.push(() => resolve(answer)));
    });
    await openRefund(bridge);
    await waitFor(() => expect(screen.getByTestId('camera-panel').dataset.cameraState).toBe('live'));
    expect([camera.loaded, camera.starts]).toEqual([1, 1]);
    expect(document.getElementById('refund-lookup-hint')?.textContent).toContain('hold its QR code up to the camera');

    // A customer's wallet code held up by mistake: refused in the clerk's words, nothing looked up.
    cameraReads('SBCQ4H7K2M9P3R5T8V1W');
    expect(screen.getByTestId('refund-camera-refused').textContent).toBe(
      'That code is not one of our receipts. Hold up the QR code printed on the receipt, marked “Scan for refunds”.',
    );
    expect(bridge.callsTo('payments.get')).toEqual([]);

    // The receipt: looked up once while the camera reports it again and again.
    cameraReads(RECEIPT);
    cameraReads(RECEIPT);
    expect(bridge.callsTo('payments.get')).toEqual([{ referenceId: RECEIPT }]);
    expect((screen.getByTestId('refund-lookup') as HTMLInputElement).value).toBe(RECEIPT);
    expect(screen.queryByTestId('refund-camera-refused')).toBeNull();
    await act(async () => held.shift()!());
    expect((await screen.findByTestId('refund-reference')).textContent).toBe(RECEIPT);
    expect(screen.getByTestId('refund-origin').textContent).toBe('Taken at another terminal');

    // Still in front of the camera while the clerk fills the form: the form stays as it is.
    fireEvent.change(screen.getByTestId('refund-pin'), { target: { value: '4321' } });
    cameraReads(RECEIPT);
    expect(bridge.callsTo('payments.get')).toHaveLength(1);
    expect((screen.getByTestId('refund-pin') as HTMLInputElement).value).toBe('4321');

    // Starting over takes the receipt back: the next read looks it up again.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('refund-reference')).toBeNull();
    cameraReads(RECEIPT);
    expect(bridge.callsTo('payments.get')).toHaveLength(2);
    await act(async () => held.shift()!());
    await screen.findByTestId('refund-reference');

    // Leaving the screen releases the camera.
    fireEvent.click(screen.getByTestId('nav-payments'));
    await screen.findByTestId('payments-screen');
    expect(camera.stops).toBe(1);
    expect(camera.onCode).toBeNull();
  });
});
