import { act, cleanup, fireEvent, render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Locale } from '../../shared/locales/index.ts';
import type { PosBridge } from '../../shared/contract.ts';
import { BridgeProvider } from '../api/bridge.tsx';
import { LocaleProvider } from '../i18n/i18n.tsx';
import { resetAppStore } from '../stores/app-store.ts';
import { useHeldRegisterSaleStore } from '../stores/held-register-sale-store.ts';
import { useOpenPaymentsStore } from '../stores/open-payments-store.ts';
import { usePaymentStore } from '../stores/payment-store.ts';
import { useSaleStore } from '../stores/sale-store.ts';
import { resetSessionStore } from '../stores/session-store.ts';
import { afterEachTest } from './after-each.test-helper.ts';

// Renders a piece of the renderer against a bridge, with fresh stores for every test.

function freshScreenAndStores(): void {
  cleanup();
  resetAppStore();
  useSaleStore.getState().reset();
  usePaymentStore.getState().clear();
  // A charge a test left waiting for its answer, and the payments it saw open, end with it.
  usePaymentStore.setState({ charging: 0 });
  // All of it: an outcome (`ended`) one file left would be told on the next file's first screen.
  useOpenPaymentsStore.setState(useOpenPaymentsStore.getInitialState(), true);
  useHeldRegisterSaleStore.getState().release();
  resetSessionStore();
}

// Fresh for the first test too: a store test that ran before this file in the worker (one module graph) may have
// left a sale in the stores, and this clean-up only runs after the tests of files that came once it was imported.
freshScreenAndStores();
afterEachTest(freshScreenAndStores);

export function renderWithBridge(ui: ReactElement, bridge: PosBridge, locale: Locale = 'en'): RenderResult {
  return render(
    <BridgeProvider bridge={bridge}>
      <LocaleProvider locale={locale}>{ui}</LocaleProvider>
    </BridgeProvider>,
  );
}

/** A keydown with a chosen timestamp (KeyboardEvent.timeStamp is what the wedge detector reads). */
export function keyAt(target: EventTarget, key: string, timeStamp: number): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  // Window listeners update React state outside React's own events: act() flushes those updates.
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

/** Types `text` + terminator as a USB scanner does: a few ms between keys. */
export function scannerTypes(
  target: EventTarget,
  text: string,
  startAt: number,
  terminator: 'Enter' | 'Tab' = 'Enter',
  gapMs = 4,
): void {
  let time = startAt;
  for (const char of text) keyAt(target, char, (time += gapMs));
  keyAt(target, terminator, time + gapMs);
}

/**
 * The admin PIN a test till is given when it needs one set (as the e2e fixture's): the core refuses a supervisor
 * PIN, register refunds or a register key while no admin PIN is set.
 */
export const ADMIN_PIN = '8642';

/** Settings is open and locked: type the admin PIN and unlock, as a person would, and wait for the form. */
export async function unlockSettings(pin: string = ADMIN_PIN): Promise<void> {
  await screen.findByTestId('settings-locked');
  fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: pin } });
  fireEvent.click(screen.getByTestId('admin-unlock'));
  await screen.findByTestId('settings-screen');
}
