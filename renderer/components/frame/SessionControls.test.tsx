import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { keyAt, renderWithBridge } from '../../test/render.test-helper.tsx';

// Sign out and Switch ask first while a payment is open (it stays open with nobody to see it through), and the
// open-payment banner stays on the sign-in screen for whoever signs in next. Real core.

const ADMIN_PIN = '864209';

async function signedInWithQrOut() {
  const bridge = await openCoreBridge({ secrets: { adminPin: ADMIN_PIN } });
  await bridge['settings.verifyPin']({ kind: 'admin', pin: ADMIN_PIN });
  await bridge['staff.save']({ name: 'Wing', role: 'cashier', pin: '2468' });
  await bridge['settings.save']({ settings: { staff: { signInRequired: true } } });
  renderWithBridge(<App />, bridge);
  await screen.findByTestId('sign-in-screen');
  for (const digit of '2468') fireEvent.click(screen.getByTestId(`pin-key-${digit}`));
  fireEvent.click(screen.getByTestId('sign-in-submit'));
  fireEvent.click(await screen.findByTestId('shift-offer-later'));
  keyAt(document.body, '9', 1_000);
  keyAt(document.body, '9', 1_200);
  keyAt(document.body, 'Enter', 1_400);
  await screen.findByTestId('payment-qr');
  return bridge;
}

describe('leaving the till while a payment is open', () => {
  it('Sign out asks first, naming the amount; Stay stays; Sign out anyway keeps the banner on the sign-in screen', async () => {
    const bridge = await signedInWithQrOut();
    fireEvent.click(screen.getByTestId('session-sign-out'));
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('A payment of S$0.99 is still open. Sign out anyway?');
    expect(document.activeElement).toBe(screen.getByTestId('leave-stay'));
    fireEvent.click(screen.getByTestId('leave-stay'));
    expect(screen.queryByTestId('leave-while-open')).toBeNull();
    expect(bridge.callsTo('session.signOut')).toEqual([]);

    fireEvent.click(screen.getByTestId('session-sign-out'));
    fireEvent.click(screen.getByTestId('leave-anyway'));
    await screen.findByTestId('sign-in-screen');
    expect(bridge.callsTo('session.signOut')).toHaveLength(1);
    const banner = await screen.findByTestId('open-payment-banner');
    expect(banner.textContent).toContain('S$0.99');
    // Nobody may act on it until someone signs in.
    expect(screen.queryByTestId('open-payment-cancel')).toBeNull();
  });

  it('Switch asks first too', async () => {
    await signedInWithQrOut();
    fireEvent.click(screen.getByTestId('session-switch'));
    expect(screen.getByRole('alertdialog').textContent).toContain('Switch anyway?');
    fireEvent.click(screen.getByTestId('leave-anyway'));
    await waitFor(() => expect(screen.getByTestId('sign-in-screen')).toBeDefined());
  });
});
