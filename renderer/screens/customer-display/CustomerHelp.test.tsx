import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '../../../shared/payments.ts';
import { App } from '../../App.tsx';
import { LARGE_TEXT_CLASS } from '../../hooks/use-large-text.ts';
import { createFakeBridge, paymentView, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { ADMIN_PIN, renderWithBridge, unlockSettings } from '../../test/render.test-helper.tsx';
import { CustomerDisplay } from './CustomerDisplay.tsx';

// Help for the customer (issue 24): large text and the paid and failed sounds on the screens that face them —
// the customer display and the kiosk — when Settings ask for it, and never on the cashier's screen.
// The sounds are what the page asks the audio element to play (happy-dom has no speaker).

let played: string[] = [];
beforeEach(() => {
  played = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.src.replace(/^.*\//, ''));
    return Promise.resolve();
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const largeText = (): boolean => document.documentElement.classList.contains(LARGE_TEXT_CLASS);

function final(view: PaymentView, displayStatus: 'paid' | 'failed'): PaymentView {
  return {
    ...view,
    displayStatus,
    state: 'final',
    qrPayload: null,
    canCancel: false,
    updatedAt: new Date(Date.parse(view.updatedAt) + 1_000).toISOString(),
  };
}

async function openDisplay(help: { largeText: boolean; soundOnResult: boolean }): Promise<FakeBridge> {
  const bridge = createFakeBridge();
  bridge.settings = { ...bridge.settings, customerHelp: help };
  renderWithBridge(<CustomerDisplay />, bridge);
  await screen.findByTestId('customer-idle');
  return bridge;
}

describe('customer help on the customer display', () => {
  it('is off by default: ordinary text, and no sound on paid or on failed', async () => {
    const bridge = createFakeBridge();
    expect(bridge.settings.customerHelp).toEqual({ largeText: false, soundOnResult: false });
    renderWithBridge(<CustomerDisplay />, bridge);
    await screen.findByTestId('customer-idle');
    expect(largeText()).toBe(false);
    const paying = paymentView({ referenceId: 'REF-HELP-0001' });
    act(() => bridge.emit('payment.updated', paying));
    act(() => bridge.emit('payment.updated', final(paying, 'paid')));
    expect(screen.getByTestId('customer-status').dataset.status).toBe('paid');
    expect(played).toEqual([]);
  });

  it('large text when asked for, and back to ordinary text when the setting is turned off', async () => {
    const bridge = await openDisplay({ largeText: true, soundOnResult: false });
    await waitFor(() => expect(largeText()).toBe(true));
    bridge.settings = { ...bridge.settings, customerHelp: { largeText: false, soundOnResult: false } };
    const saved = await bridge['settings.get']({});
    if (!saved.ok) throw new Error(saved.error.message);
    act(() => bridge.emit('settings.changed', saved.value));
    // The display reads its own view of the settings again (settings.display).
    await waitFor(() => expect(largeText()).toBe(false));
  });

  it('the chime once on paid, the buzz once on failed, nothing while the customer scans', async () => {
    const bridge = await openDisplay({ largeText: true, soundOnResult: true });
    // The settings are in (the large text shows them) before the first payment comes.
    await waitFor(() => expect(largeText()).toBe(true));
    const first = paymentView({ referenceId: 'REF-HELP-0002' });
    act(() => bridge.emit('payment.updated', first));
    act(() =>
      bridge.emit('payment.updated', { ...first, displayStatus: 'scanned', updatedAt: '2026-11-22T10:00:01Z' }),
    );
    expect(played).toEqual([]);
    const paid = final(first, 'paid');
    act(() => bridge.emit('payment.updated', paid));
    // The same result again (a later lookup) does not sound twice.
    act(() => bridge.emit('payment.updated', { ...paid, updatedAt: '2026-11-22T11:00:00.000Z' }));
    expect(played).toEqual(['payment-success.wav']);

    const second = paymentView({ referenceId: 'REF-HELP-0003', createdAt: '2026-11-22T12:00:00.000Z' });
    act(() => bridge.emit('payment.updated', second));
    act(() => bridge.emit('payment.updated', final(second, 'failed')));
    expect(screen.getByTestId('customer-status').dataset.status).toBe('failed');
    expect(played).toEqual(['payment-success.wav', 'payment-failure.wav']);
  });
});

describe('customer help on the kiosk and the cashier’s screen', () => {
  it('a kiosk shows its customer screens in large text when asked for', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, mode: 'kiosk', customerHelp: { largeText: true, soundOnResult: false } };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('kiosk-attract');
    expect(largeText()).toBe(true);
    fireEvent.click(screen.getByTestId('kiosk-start'));
    await screen.findByTestId('sale-screen');
    expect(largeText()).toBe(true);
  });

  it('a kiosk sounds its result whatever the setting says, as the cashier’s screen does', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, mode: 'kiosk' };
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('kiosk-start'));
    await screen.findByTestId('sale-screen');
    fireEvent.click(screen.getByTestId('keypad-9'));
    fireEvent.click(screen.getByTestId('charge-button'));
    await screen.findByTestId('payment-qr');
    const view = [...bridge.payments.values()][0]!;
    expect(played).toEqual([]);
    act(() => bridge.emit('payment.updated', final(view, 'failed')));
    expect(screen.getByTestId('payment-result').dataset.outcome).toBe('failure');
    expect(played).toEqual(['payment-failure.wav']);
  });

  it('the cashier’s screen never changes size, whatever the setting says', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, customerHelp: { largeText: true, soundOnResult: true } };
    renderWithBridge(<App />, bridge);
    await screen.findByTestId('sale-screen');
    expect(largeText()).toBe(false);
  });
});

describe('customer help in Settings', () => {
  it('Terminal offers both, off by default; the admin turns them on and the core keeps them', async () => {
    const bridge = await openCoreBridge({ secrets: { adminPin: ADMIN_PIN } });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    await unlockSettings();
    fireEvent.click(screen.getByTestId('settings-tab-terminal'));
    const large = screen.getByLabelText('Large text for customers') as HTMLInputElement;
    const sound = screen.getByLabelText('The customer display plays a sound on paid and on failed') as HTMLInputElement;
    expect([large.checked, sound.checked]).toEqual([false, false]);
    fireEvent.click(large);
    fireEvent.click(sound);
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    const saved = await bridge['settings.get']({});
    expect(saved.ok && saved.value.settings.customerHelp).toEqual({ largeText: true, soundOnResult: true });
    // This is a cashier's till: its own screen keeps its size.
    expect(largeText()).toBe(false);
  });
});
