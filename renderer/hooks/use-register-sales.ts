import { useEffect } from 'react';
import type { CashierSale } from '../../shared/payment-screens.ts';
import type { RegisterSale } from '../../shared/register.ts';
import { useBridge } from '../api/bridge.tsx';
import { useBridgeEvent } from './use-bridge-event.ts';
import { translate } from '../i18n/i18n.tsx';
import { FINAL_DISPLAY, money } from '../components/format.ts';
import { useAppStore } from '../stores/app-store.ts';
import { cashierSaleNow, useCashierSale } from '../stores/cashier-sale.ts';
import { useHeldRegisterSaleStore } from '../stores/held-register-sale-store.ts';
import type { Screen } from '../stores/navigation.ts';
import { isNewer, usePaymentStore } from '../stores/payment-store.ts';

// A sale the shop's register sent appears on the cashier's screen at once (ecr.sale): its payment with our QR,
// or the scan its customer-QR sale waits for. One already open when the screen started (a reload, a restart of
// the app) is read once (ecr.openSale). The register calling it off before the scan, or its wait running out
// (nobody scanned a code in time), takes the scan away again.
//
// Never over the cashier's own sale (stores/cashier-sale.ts): the core refuses a register's sale meanwhile, and
// one that slipped in at the same moment waits in a banner (HeldRegisterSaleBanner) until the cashier is free, so
// the Scan screen never swaps the cashier's amount for the register's under the cashier's next scan.
// Never over what the cashier is typing either: on the Refund and Settings screens a half-typed refund or an
// unsaved form would be lost, so the sale waits in the banner there too (the core takes it: the till is not
// selling), and shows when the cashier leaves the screen or asks for it.

/** Screens whose half-typed input a register's sale would throw away. */
const KEEPS_INPUT: ReadonlySet<Screen['name']> = new Set(['refund', 'settings']);

/** The cashier is busy with something a register's sale must not take the screen from. */
export function busyForRegisterSale(screen: Screen, cashierSale: CashierSale | null): boolean {
  return cashierSale !== null || KEEPS_INPUT.has(screen.name);
}

export function useRegisterSales(): void {
  const bridge = useBridge();
  const navigate = useAppStore((state) => state.navigate);
  const held = useHeldRegisterSaleStore((state) => state.held);
  const { hold, release } = useHeldRegisterSaleStore.getState();
  const free = !busyForRegisterSale(
    useAppStore((state) => state.screen),
    useCashierSale(),
  );

  const take = (sale: RegisterSale): void => {
    const { screen, info, settingsView, showNotice } = useAppStore.getState();
    const here = screen.name === 'scan' && screen.registerSale?.referenceId === sale.referenceId;
    const waited = useHeldRegisterSaleStore.getState().held?.referenceId === sale.referenceId;
    if (sale.state === 'cancelled' || sale.state === 'expired') {
      if (!here && !waited) return;
      release(sale.referenceId);
      if (here) navigate({ name: 'sale' });
      const locale = settingsView?.settings.locale ?? info?.locale ?? 'en';
      const said = sale.state === 'cancelled' ? 'register.saleCancelled' : 'register.saleExpired';
      showNotice(translate(locale, said, { amount: money(sale.amount, locale) }));
      return;
    }
    if (sale.state === 'started' && screen.name === 'payment' && screen.referenceId === sale.referenceId) return;
    if (busyForRegisterSale(screen, cashierSaleNow())) hold(sale);
    else showRegisterSale(sale);
  };

  useBridgeEvent('ecr.sale', take);
  useEffect(() => {
    let current = true;
    void bridge['ecr.openSale']({}).then((result) => {
      if (current && result.ok && result.value) take(result.value);
    });
    return () => {
      current = false;
    };
    // Read once when the screen starts; events carry every later sale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge]);

  // A held sale follows its payment; one whose payment ended meanwhile (the register cancelled it, the QR expired)
  // has nothing left to show.
  useBridgeEvent('payment.updated', (view) => {
    const waiting = useHeldRegisterSaleStore.getState().held;
    if (waiting?.referenceId !== view.referenceId || !waiting.payment) return;
    if (FINAL_DISPLAY.has(view.displayStatus)) release(view.referenceId);
    else if (!isNewer(waiting.payment, view)) hold({ ...waiting, payment: view });
  });

  // The cashier is free: the held sale as it stands now (it may have moved on while it waited) takes the screen.
  const heldReference = held?.referenceId ?? null;
  useEffect(() => {
    if (heldReference === null || !free) return;
    let current = true;
    void bridge['ecr.openSale']({}).then((result) => {
      if (!current) return;
      const sale = result.ok ? result.value : useHeldRegisterSaleStore.getState().held;
      release();
      if (sale) take(sale);
    });
    return () => {
      current = false;
    };
    // take reads the stores as they are when the answer comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bridge, heldReference, free]);
}

/** Puts a register's sale on the cashier's screen: the scan its customer-QR sale waits for, or its payment. */
export function showRegisterSale(sale: RegisterSale): void {
  const { navigate } = useAppStore.getState();
  useHeldRegisterSaleStore.getState().release();
  if (sale.state === 'waiting') navigate({ name: 'scan', registerSale: sale });
  else if (sale.payment) {
    usePaymentStore.getState().show(sale.payment);
    navigate({ name: 'payment', referenceId: sale.referenceId });
  }
}
