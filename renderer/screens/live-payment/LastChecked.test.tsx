import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// The payment screen tells the core which payment it shows (so its lookups come first) and shows how fresh
// its status is, from payment.checked: ticking, never frozen, and plain about a provider that stopped answering.

async function startCharge(locale: 'en' | 'zh-HK' = 'en') {
  const bridge = createFakeBridge();
  bridge.settings = { ...bridge.settings, locale };
  renderWithBridge(<App />, bridge, locale);
  await screen.findByTestId('sale-screen');
  keyAt(document.body, '1', 1_000);
  keyAt(document.body, '2', 1_200);
  keyAt(document.body, 'Enter', 1_400);
  await screen.findByTestId('payment-screen');
  const [view] = [...bridge.payments.values()] as [PaymentView];
  return { bridge, view };
}

const secondsAgo = (seconds: number): string => new Date(Date.now() - seconds * 1000).toISOString();

describe('time since the last check on the payment screen', () => {
  it('signals the payment on screen, then shows how long ago the provider answered, and says so when it stops answering', async () => {
    const { bridge, view } = await startCharge();
    await waitFor(() =>
      expect(bridge.callsTo('payments.onScreen')).toContainEqual({
        surface: 'payment',
        referenceId: view.referenceId,
        shown: true,
      }),
    );
    // Before the first check comes back the line already says the till is checking: never a frozen screen.
    expect(screen.getByTestId('payment-last-checked').textContent).toBe('Asking the provider for the status…');

    act(() =>
      bridge.emit('payment.checked', {
        referenceId: view.referenceId,
        checkedAt: secondsAgo(0),
        answeredAt: secondsAgo(0),
      }),
    );
    expect(screen.getByTestId('payment-last-checked').textContent).toBe('Checked with the provider just now');

    // Another payment's check is not this one's.
    act(() =>
      bridge.emit('payment.checked', {
        referenceId: 'REF-OTHER-0001',
        checkedAt: secondsAgo(0),
        answeredAt: secondsAgo(30),
      }),
    );
    expect(screen.getByTestId('payment-last-checked').dataset.failing).toBe('false');

    act(() =>
      bridge.emit('payment.checked', {
        referenceId: view.referenceId,
        checkedAt: secondsAgo(0),
        answeredAt: secondsAgo(12),
      }),
    );
    const line = screen.getByTestId('payment-last-checked');
    // The clock on screen ticks once a second: 11 or 12 s, depending on where in its second the event fell.
    expect(line.textContent).toMatch(/^The provider is not answering \(last answer 1[12] s ago\)\. Still checking\.$/);
    expect(line.className).toContain('last-checked-stale');
    // It keeps counting by itself, without any new event.
    await waitFor(
      () => expect(screen.getByTestId('payment-last-checked').textContent).toMatch(/last answer 1[34] s ago/),
      { timeout: 2_500 },
    );
  });

  it('says in Chinese that the till is checking from the first moment, then when it last checked', async () => {
    const { bridge, view } = await startCharge('zh-HK');
    expect(screen.getByTestId('payment-last-checked').textContent).toBe('正在向支付商查詢狀態…');
    act(() =>
      bridge.emit('payment.checked', {
        referenceId: view.referenceId,
        checkedAt: secondsAgo(0),
        answeredAt: secondsAgo(0),
      }),
    );
    expect(screen.getByTestId('payment-last-checked').textContent).toBe('剛剛已向支付商查詢');
  });

  it('says the screen shows nothing any more when it leaves', async () => {
    const { bridge, view } = await startCharge();
    await waitFor(() => expect(bridge.callsTo('payments.onScreen')).toHaveLength(1));
    cleanup();
    expect(bridge.callsTo('payments.onScreen')).toEqual([
      { surface: 'payment', referenceId: view.referenceId, shown: true },
      { surface: 'payment', referenceId: view.referenceId, shown: false },
    ]);
  });
});
