import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore, whileCharging } from '../../stores/payment-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { useWalkAway } from '../../hooks/use-walk-away.ts';
import { CameraPanel } from '../../components/CameraPanel.tsx';
import { FromRegister } from '../../components/FromRegister.tsx';
import type { RegisterSale } from '../../../shared/register.ts';

/** A kiosk customer has this long to show a code before the kiosk starts over. */
const KIOSK_SCAN_WALK_AWAY_MS = 60_000;

// Journey 2: we scan the customer's wallet code, by USB scanner or camera. Both arrive here through the one
// scan path and become "charge by customer QR". A refused code (already used, not a wallet code) is shown
// with its reason and the screen stays ready for the next code.

export function ScanScreen({ registerSale }: { registerSale?: RegisterSale | undefined } = {}) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const terminal = useTerminal();
  const sale = useSaleStore();
  const { reset, markStale } = sale;
  // A register's sale brings its own amount and note: the keypad's are left as they are.
  const amountMinor = registerSale ? registerSale.amount.amountMinor : sale.amountMinor;
  const note = registerSale ? '' : sale.note;
  // Back on the sale screen, the amount brought here is from an earlier attempt: typing starts anew.
  useEffect(() => () => markStale(), [markStale]);
  const navigate = useAppStore((state) => state.navigate);
  const showPayment = usePaymentStore((state) => state.show);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  // A ref, not state: two scans in the same frame must not both charge.
  const inFlight = useRef(false);
  // The camera keeps seeing a refused code while it is held up; do not send it again and again.
  const refusedByCamera = useRef(new Set<string>());

  // A code typed by hand (a damaged code), and the keys a person typed outside any field: a scanner types a
  // whole code in a few tens of ms, so a code that arrived at human speed is pointed at the field instead.
  const [typedCode, setTypedCode] = useState('');
  const [typedSlowly, setTypedSlowly] = useState(false);
  const looseKeys = useRef<string[]>([]);
  const typedCodeRef = useRef<HTMLInputElement>(null);

  const charge = async (consumerCode: string, source: 'wedge' | 'camera' | 'typed'): Promise<void> => {
    if (inFlight.current || amountMinor <= 0) return;
    if (source === 'camera' && refusedByCamera.current.has(consumerCode)) return;
    inFlight.current = true;
    setBusy(true);
    // A new attempt: what went wrong with the last one no longer applies.
    setError(null);
    setTypedSlowly(false);
    const trimmed = note.trim();
    await whileCharging(
      () =>
        bridge['payments.chargeCustomerQr']({
          amountMinor,
          currency: registerSale ? registerSale.amount.currency : terminal.currency,
          consumerCode,
          ...(trimmed ? { note: trimmed } : {}),
          ...(registerSale ? { registerSale: registerSale.referenceId } : {}),
        }),
      (result) => {
        inFlight.current = false;
        setBusy(false);
        if (!result.ok) {
          if (!result.error.retryable) refusedByCamera.current.add(consumerCode);
          setError(result.error);
          return;
        }
        showPayment(result.value);
        if (!registerSale) reset();
        navigate({ name: 'payment', referenceId: result.value.referenceId });
      },
    );
  };

  // The register's sale is the register's: leaving it calls it off (the register hears so), never drops it silently.
  const [cancelling, setCancelling] = useState(false);
  const leave = async (): Promise<void> => {
    if (!registerSale) {
      navigate({ name: 'sale' });
      return;
    }
    setCancelling(true);
    const result = await bridge['ecr.cancelSale']({ referenceId: registerSale.referenceId });
    setCancelling(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (result.value.payment) {
      // Its code was scanned meanwhile: its payment shows, with the payment's own cancel.
      showPayment(result.value.payment);
      navigate({ name: 'payment', referenceId: registerSale.referenceId });
    } else navigate({ name: 'sale' });
  };

  useScanHandler((scan) => void charge(scan.code, scan.source));

  useKeyDown((event) => {
    if (event.key === 'Escape' && !busy && !cancelling) {
      event.preventDefault();
      void leave();
      return;
    }
    if (isTypingTarget(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.key === 'Enter') {
      // A scanner's Enter never gets here (the wedge detector takes it): these keys were typed by a person.
      const keys = looseKeys.current.join('');
      looseKeys.current = [];
      if (keys.length >= Math.min(terminal.settings.scanner.minLength, 6)) {
        event.preventDefault();
        setTypedCode(keys);
        setTypedSlowly(true);
        typedCodeRef.current?.focus();
      }
    } else if ([...event.key].length === 1) {
      looseKeys.current.push(event.key);
    }
  });

  // A kiosk customer who walks away with the camera on: back to the attract screen for the next one. A register's
  // sale is called off on the way (the register hears so), never left holding the till with nobody at the scan.
  const kiosk = terminal.mode === 'kiosk';
  useWalkAway({
    enabled: kiosk && !busy && !cancelling,
    idleMs: KIOSK_SCAN_WALK_AWAY_MS,
    warnMs: 0,
    onWalkAway: () => {
      reset();
      void leave();
    },
  });

  const amount = formatMoney(registerSale ? registerSale.amount : { amountMinor, currency: terminal.currency }, locale);
  return (
    <section className="screen scan-screen" aria-labelledby="scan-title" data-testid="scan-screen">
      <h1 id="scan-title" tabIndex={-1} className="screen-title">
        {kiosk ? t('kiosk.scanTitle') : registerSale ? t('register.scanTitle') : t('scan.title')}
      </h1>
      <div className="scan-layout">
        <div className="scan-facts">
          <p className="payment-amount" data-testid="scan-amount" data-amount-minor={amountMinor}>
            {amount}
          </p>
          {registerSale && <FromRegister origin={registerSale} note={registerSale.note} />}
          <p className="explain">{kiosk ? t('kiosk.scanInstructions') : t('scan.instructions')}</p>
          {!kiosk && (
            <p className="status-ok" data-testid="scan-wedge-ready">
              {t('scan.scannerHint')}
            </p>
          )}
          <p role="status" aria-live="polite" data-testid="scan-status">
            {busy ? t('scan.charging') : ''}
          </p>
          <ErrorText error={error} testId="scan-error" />
          {typedSlowly && (
            <p className="hint" role="status" data-testid="scan-typed-slowly">
              {t('scan.typedTooSlow')}
            </p>
          )}
          {!kiosk && (
            <form
              className="typed-code"
              onSubmit={(event) => {
                event.preventDefault();
                const code = typedCode.trim();
                if (code !== '') void charge(code, 'typed');
              }}
            >
              <LabelledInput
                ref={typedCodeRef}
                id="scan-typed-code"
                label={t('scan.typeCode')}
                type="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={256}
                value={typedCode}
                onChange={(event) => {
                  setTypedCode(event.target.value);
                  setError(null);
                }}
                data-testid="scan-typed-code"
              />
              <button
                type="submit"
                className="button button-primary"
                disabled={busy || typedCode.trim() === ''}
                data-testid="scan-typed-submit"
              >
                {t('scan.typeCodeSubmit')}
              </button>
            </form>
          )}
          <button
            type="button"
            className={registerSale ? 'button button-danger' : 'button button-secondary'}
            onClick={() => void leave()}
            disabled={busy || cancelling}
            data-testid={registerSale ? 'scan-cancel-register-sale' : 'scan-back'}
          >
            {registerSale ? (cancelling ? t('register.cancellingSale') : t('register.cancelSale')) : t('scan.back')}
          </button>
        </div>
        <CameraPanel deviceId={terminal.settings.cameraDeviceId} onCode={(code) => void charge(code, 'camera')} />
      </div>
    </section>
  );
}
