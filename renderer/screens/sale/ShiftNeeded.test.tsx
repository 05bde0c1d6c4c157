import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge, type CoreBridge } from '../../test/core-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// A shift that adds up, against the real core: a till that sells only in a shift asks for one on the Sale screen
// (the core refuses shift.not-open otherwise) and opens it in one tap; signing in offers a shift; Open shift on the
// Shift screen goes back to Sale; the X report is open; the close names what it closes.

const ADMIN_PIN = '864209';

/** Wing (cashier, PIN 2468) on a till that asks who is at it, with or without the shift rule; nobody signed in. */
async function tillWithStaff(shiftRequired: boolean): Promise<CoreBridge> {
  const bridge = await openCoreBridge({ secrets: { adminPin: ADMIN_PIN } });
  const unlocked = await bridge['settings.verifyPin']({ kind: 'admin', pin: ADMIN_PIN });
  if (!unlocked.ok) throw new Error(unlocked.error.code);
  const saved = await bridge['staff.save']({ name: 'Wing', role: 'supervisor', pin: '2468' });
  if (!saved.ok) throw new Error(saved.error.code);
  const settings = await bridge['settings.save']({ settings: { staff: { signInRequired: true, shiftRequired } } });
  if (!settings.ok) throw new Error(settings.error.code);
  return bridge;
}

async function signIn(): Promise<void> {
  await screen.findByTestId('sign-in-screen');
  for (const digit of '2468') fireEvent.click(screen.getByTestId(`pin-key-${digit}`));
  fireEvent.click(screen.getByTestId('sign-in-submit'));
  await screen.findByTestId('signed-in-as');
}

describe('selling only in a shift', () => {
  it('Sale says "Open a shift to start selling"; the core refuses a charge; one tap opens it and the sale goes through', async () => {
    const bridge = await tillWithStaff(true);
    renderWithBridge(<App />, bridge);
    await signIn();
    await screen.findByTestId('sale-screen');
    // The Sale screen asks itself: the sign-in's own offer is left to it.
    expect(screen.getByTestId('shift-needed').textContent).toContain('Open a shift to start selling');
    expect(screen.queryByTestId('shift-offer')).toBeNull();

    keyAt(document.body, '5', 1_000);
    keyAt(document.body, 'Enter', 1_200);
    await waitFor(() => expect(bridge.answersTo('payments.chargeMerchantQr')).toHaveLength(1));
    expect(bridge.answersTo('payments.chargeMerchantQr')[0]).toMatchObject({
      ok: false,
      error: { code: 'shift.not-open' },
    });
    expect(screen.getByTestId('sale-screen')).toBeDefined();
    expect(screen.queryByTestId('sale-error')).toBeNull();

    fireEvent.click(screen.getByTestId('shift-needed-open'));
    await waitFor(() => expect(screen.queryByTestId('shift-needed')).toBeNull());
    expect(bridge.callsTo('shifts.open')).toEqual([{}]);
    expect(screen.getByTestId('sale-screen')).toBeDefined();
    keyAt(document.body, 'Enter', 3_000);
    await screen.findByTestId('payment-qr');
  });

  it('signing in offers a shift; Open shift on the Shift screen goes back to Sale, and the nav marks Shift', async () => {
    const bridge = await tillWithStaff(false);
    renderWithBridge(<App />, bridge);
    await signIn();
    expect((await screen.findByTestId('shift-offer')).textContent).toContain('No shift is open on this till.');
    fireEvent.click(screen.getByTestId('shift-offer-later'));
    expect(screen.queryByTestId('shift-offer')).toBeNull();

    fireEvent.click(screen.getByTestId('nav-shift'));
    await screen.findByTestId('shift-screen');
    expect(screen.getByTestId('nav-shift').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('nav-summary').getAttribute('aria-current')).toBeNull();
    fireEvent.click(await screen.findByTestId('shift-open'));
    await screen.findByTestId('sale-screen');
    expect(screen.getByTestId('nav-sale').getAttribute('aria-current')).toBe('page');
    expect(bridge.callsTo('shifts.open')).toHaveLength(1);

    // Back on the Shift screen: the X report is open, drawn at screen size; the close names count, net and open.
    fireEvent.click(screen.getByTestId('nav-shift'));
    const xReport = await screen.findByTestId('shift-x-report');
    expect((xReport as HTMLDetailsElement).open).toBe(true);
    expect(within(xReport).getByTestId('shift-report').classList.contains('report-on-screen')).toBe(true);
    fireEvent.click(screen.getByTestId('shift-close-start'));
    expect(screen.getByTestId('shift-close-facts').textContent).toBe('0 paid · net S$0.00 · open payments: 0');
  });

  it('accepts the offer in one tap', async () => {
    const bridge = await tillWithStaff(false);
    renderWithBridge(<App />, bridge);
    await signIn();
    fireEvent.click(await screen.findByTestId('shift-offer-open'));
    await waitFor(() => expect(screen.queryByTestId('shift-offer')).toBeNull());
    expect(bridge.callsTo('shifts.open')).toEqual([{}]);
  });
});
