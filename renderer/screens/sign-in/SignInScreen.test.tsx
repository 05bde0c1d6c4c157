import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionView, SignedInStaff } from '../../../shared/staff.ts';
import { App } from '../../App.tsx';
import { createFakeBridge, failure, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';

const WING: SignedInStaff = { id: 'staff-wing', name: 'Wing', role: 'cashier' };
const MEI: SignedInStaff = { id: 'staff-mei', name: 'Mei', role: 'supervisor' };

const session = (staff: SignedInStaff | null): SessionView => ({ staff, shift: null, signInRequired: true });

/** A till that asks who is at it; session.signIn signs in whoever the PIN or badge names (as the core answers). */
function tillAskingWhoIsThere(
  mode: 'cashier' | 'refund-counter' | 'kiosk' = 'cashier',
  locale: 'en' | 'zh-HK' = 'en',
): FakeBridge {
  const bridge = createFakeBridge();
  bridge.settings = { ...bridge.settings, mode, locale, staff: { ...bridge.settings.staff, signInRequired: true } };
  let current: SignedInStaff | null = null;
  bridge.override('session.current', () => ({ ok: true, value: session(current) }));
  bridge.override('session.signIn', (request) => {
    const who =
      'pin' in request ? (request.pin === '2468' ? WING : null) : request.badgeCode === 'BADGE-MEI-01' ? MEI : null;
    if (!who) return failure('supervisor.pin-wrong');
    current = who;
    return { ok: true, value: { staff: who } };
  });
  bridge.override('session.signOut', () => {
    current = null;
    return { ok: true, value: session(null) };
  });
  return bridge;
}

describe('sign-in', () => {
  it('stands in front of the sale until someone signs in with the PIN pad, then the header names them', async () => {
    const bridge = tillAskingWhoIsThere();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sign-in-screen');
    expect(screen.queryByTestId('sale-screen')).toBeNull();
    // Every screen but Settings waits for the sign-in.
    fireEvent.click(screen.getByTestId('nav-payments'));
    expect(screen.getByTestId('sign-in-screen')).toBeDefined();

    fireEvent.click(screen.getByTestId('sign-in-submit'));
    expect(screen.getByRole('alert').textContent).toBe('Type your PIN first.');
    for (const digit of '246') fireEvent.click(screen.getByTestId(`pin-key-${digit}`));
    // The keyboard's digits reach the PIN from the pad too (the focus is on a pad key), and Enter signs in.
    const padKey = screen.getByTestId('pin-key-6');
    fireEvent.keyDown(padKey, { key: '9' });
    fireEvent.keyDown(padKey, { key: 'Backspace' });
    fireEvent.keyDown(padKey, { key: '8' });
    expect((screen.getByTestId('sign-in-pin') as HTMLInputElement).value).toBe('2468');
    fireEvent.keyDown(padKey, { key: 'Enter' });

    await screen.findByTestId('payments-screen');
    expect(bridge.callsTo('session.signIn')).toEqual([{ pin: '2468' }]);
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Wing (Cashier)');
  });

  it('says a wrong PIN in the cashier’s words and forgets what was typed; a badge signs in by itself', async () => {
    const bridge = tillAskingWhoIsThere('cashier', 'zh-HK');
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sign-in-screen');
    const pin = screen.getByTestId('sign-in-pin') as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '1111' } });
    fireEvent.submit(screen.getByTestId('sign-in-form'));
    const error = await screen.findByTestId('sign-in-error');
    expect(error.getAttribute('data-error-code')).toBe('supervisor.pin-wrong');
    expect(pin.value).toBe('');

    scannerTypes(document.body, 'BADGE-MEI-01', 10_000);
    await screen.findByTestId('sale-screen');
    expect(bridge.callsTo('session.signIn').at(-1)).toEqual({ badgeCode: 'BADGE-MEI-01' });
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Mei（主管）');
  });

  it('Switch keeps the person signed in until the next one is; Sign out and session.changed bring the pad back', async () => {
    const bridge = tillAskingWhoIsThere();
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sign-in-screen');
    fireEvent.change(screen.getByTestId('sign-in-pin'), { target: { value: '2468' } });
    fireEvent.submit(screen.getByTestId('sign-in-form'));
    await screen.findByTestId('sale-screen');

    fireEvent.click(screen.getByTestId('session-switch'));
    await screen.findByTestId('sign-in-screen');
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Wing (Cashier)');
    fireEvent.click(screen.getByTestId('sign-in-back'));
    await screen.findByTestId('sale-screen');

    fireEvent.click(screen.getByTestId('session-sign-out'));
    await screen.findByTestId('sign-in-screen');
    expect(screen.queryByTestId('signed-in-as')).toBeNull();

    // Another window signed someone in: the core says so.
    act(() => bridge.emit('session.changed', session(MEI)));
    await screen.findByTestId('sale-screen');
    expect(screen.getByTestId('signed-in-as').textContent).toBe('Mei (Supervisor)');
  });

  it('a refund counter asks too; a kiosk never does and shows no staff names', async () => {
    renderWithBridge(<App />, tillAskingWhoIsThere('refund-counter'));
    await screen.findByTestId('sign-in-screen');
    expect(screen.queryByTestId('refund-screen')).toBeNull();
  });

  it('a kiosk never asks who is there, and its header has no staff controls', async () => {
    renderWithBridge(<App />, tillAskingWhoIsThere('kiosk'));
    await screen.findByTestId('kiosk-attract');
    expect(screen.queryByTestId('sign-in-screen')).toBeNull();
    expect(screen.queryByTestId('session-controls')).toBeNull();
  });

  it('a till that does not ask works as before: no pad, the Shift button in the header', async () => {
    renderWithBridge(<App />, createFakeBridge());
    await screen.findByTestId('sale-screen');
    await waitFor(() => expect(screen.getByTestId('nav-shift')).toBeDefined());
    expect(screen.queryByTestId('signed-in-as')).toBeNull();
  });
});
