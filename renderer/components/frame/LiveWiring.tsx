import { useBridge } from '../../api/bridge.tsx';
import { useAdminIdleLock } from '../../hooks/use-admin-idle-lock.ts';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useWedgeScanner } from '../../hooks/use-wedge-scanner.ts';
import { dispatchScan } from '../../scanning/scan-bus.ts';
import { useAppStore } from '../../stores/app-store.ts';
import { useOpenPaymentsStore } from '../../stores/open-payments-store.ts';
import { adoptAnnouncedCharge } from '../../stores/pending-charge.ts';
import { usePaymentStore } from '../../stores/payment-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { qrModulesOf } from '../qr-modules.ts';
import { useCashierSaleMark } from '../../hooks/use-cashier-sale-mark.ts';
import { useRegisterSales } from '../../hooks/use-register-sales.ts';

/** Keeps the stores current from the contract's events, and turns USB-scanner bursts into scans. */
export function LiveWiring() {
  const setStatus = useAppStore((state) => state.setStatus);
  const setSettingsView = useAppStore((state) => state.setSettingsView);
  const markScannerSeen = useAppStore((state) => state.markScannerSeen);
  const applyPayment = usePaymentStore((state) => state.apply);
  const applyOpen = useOpenPaymentsStore((state) => state.apply);
  const terminal = useTerminal();

  useBridgeEvent('status.changed', setStatus);
  // app.info says which terminal is in effect (the demo's posId and currency, or the configured ones): read it
  // again with every settings change, so the banner, the header and receipts follow a save at once.
  const bridge = useBridge();
  const setInfo = useAppStore((state) => state.setInfo);
  useBridgeEvent('settings.changed', (view) => {
    setSettingsView(view);
    void bridge['app.info']({}).then((result) => result.ok && setInfo(result.value));
  });
  // A charge the provider refused as outside its limits for this shop: the Sale screen holds the new limit.
  useBridgeEvent('payments.amountLimitsLearned', (providerAmountLimits) => {
    const { info } = useAppStore.getState();
    if (info) setInfo({ ...info, providerAmountLimits });
  });
  useBridgeEvent('payment.updated', (view) => {
    // A new QR is announced a moment before the charge's answer shows it: encoded now, it is only drawn then.
    if (view.qrPayload !== null) qrModulesOf(view.qrPayload);
    adoptAnnouncedCharge(view);
    applyPayment(view);
    applyOpen(view);
  });
  useAdminIdleLock();
  useCashierSaleMark();
  useRegisterSales();

  useWedgeScanner(terminal.settings.scanner, (scan) => {
    markScannerSeen(performance.now());
    // Not on a screen that takes scans: ignored (see scan-bus).
    dispatchScan({ code: scan.code, source: 'wedge', startedAt: scan.startedAt });
  });
  return null;
}
