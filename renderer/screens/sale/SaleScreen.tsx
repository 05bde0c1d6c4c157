import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { isActivatableTarget, isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { usePaymentStore, whileCharging } from '../../stores/payment-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { useWalkAway } from '../../hooks/use-walk-away.ts';
import { KioskAttract } from './KioskAttract.tsx';
import { Keypad } from './Keypad.tsx';
import { validateSaleAmount } from './validate-amount.ts';

// Journey 1 and 2 start here: key the amount (digits from the right), optionally a note, then "Charge"
// (Enter: the customer scans our QR) or "Scan customer" (we scan theirs). Esc clears.

/** A kiosk left mid-way is reset for the next customer, after a countdown the customer can stop. */
const KIOSK_WALK_AWAY_MS = 60_000;
const KIOSK_WARN_MS = 15_000;

export function SaleScreen() {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const terminal = useTerminal();
  const {
    amountMinor,
    note,
    stale,
    overLimitCount,
    appendDigits,
    deleteDigit,
    clearAmount,
    setNote,
    revertSince,
    markStale,
    reset,
  } = useSaleStore();
  const navigate = useAppStore((state) => state.navigate);
  const showNotice = useAppStore((state) => state.showNotice);
  const showPayment = usePaymentStore((state) => state.show);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const { currency } = terminal;
  const limits = terminal.saleLimits;
  const amountText = formatMoney({ amountMinor, currency }, locale);

  // An amount left here when the cashier goes elsewhere (Scan, Payments…) is from an earlier attempt when
  // they come back: typing then starts anew. (A charge resets the sale; digits typed on a result start a
  // fresh one, so neither is marked.)
  useEffect(() => () => markStale(), [markStale]);

  // Past the maximum a digit is refused out loud (text + shake), never dropped silently.
  const [overLimit, setOverLimit] = useState(false);
  const seenOverLimit = useRef(overLimitCount);
  useEffect(() => {
    if (overLimitCount === seenOverLimit.current) return;
    seenOverLimit.current = overLimitCount;
    setOverLimit(false);
    // Restart the shake animation even when the previous one is still running.
    requestAnimationFrame(() => setOverLimit(true));
  }, [overLimitCount]);
  const clearProblems = (): void => {
    setError(null);
    setOverLimit(false);
  };

  const checkAmount = (): boolean => {
    const problem = validateSaleAmount(amountMinor, limits, currency);
    setError(problem);
    return problem === null;
  };

  const charge = async (): Promise<void> => {
    if (busy || !checkAmount()) return;
    setBusy(true);
    const trimmed = note.trim();
    await whileCharging(
      () =>
        bridge['payments.chargeMerchantQr']({
          amountMinor,
          currency,
          ...(trimmed ? { note: trimmed } : {}),
        }),
      (result) => {
        setBusy(false);
        if (!result.ok) {
          setError(result.error);
          return;
        }
        showPayment(result.value);
        reset();
        navigate({ name: 'payment', referenceId: result.value.referenceId });
      },
    );
  };

  const scanCustomer = (): void => {
    if (busy || !checkAmount()) return;
    navigate({ name: 'scan' });
  };

  // A kiosk rests on its attract screen; a customer who walks away mid-way sends it back there.
  const kiosk = terminal.mode === 'kiosk';
  const [attract, setAttract] = useState(() => kiosk && amountMinor === 0);

  useKeyDown((event) => {
    if (attract && kiosk) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const typing = isTypingTarget(event.target);
    if (event.key === 'Enter') {
      if (isActivatableTarget(event.target)) return;
      event.preventDefault();
      void charge();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      clearProblems();
      clearAmount(event.timeStamp);
    } else if (!typing && /^\d$/.test(event.key)) {
      event.preventDefault();
      clearProblems();
      appendDigits(event.key, limits.maxMinor, event.timeStamp);
    } else if (!typing && event.key === 'Backspace') {
      event.preventDefault();
      clearProblems();
      deleteDigit(event.timeStamp);
    }
  });

  // A scan is not a sale action here: ignore it, and undo whatever its burst of keys typed into the form.
  useScanHandler((scan) => {
    if (scan.startedAt !== undefined) revertSince(scan.startedAt);
    showNotice(t('sale.scanIgnored'));
  });

  const walkAway = useWalkAway({
    enabled: kiosk && !attract && !busy,
    idleMs: KIOSK_WALK_AWAY_MS,
    warnMs: KIOSK_WARN_MS,
    onWalkAway: () => {
      reset();
      setError(null);
      setAttract(true);
    },
  });

  if (kiosk && attract) {
    return (
      <KioskAttract
        merchantName={terminal.merchantName}
        onStart={() => {
          setAttract(false);
          requestAnimationFrame(() => document.getElementById('sale-title')?.focus());
        }}
      />
    );
  }

  return (
    <section
      className={`screen sale-screen${kiosk ? ' sale-kiosk' : ''}`}
      aria-labelledby="sale-title"
      data-testid="sale-screen"
    >
      <h1 id="sale-title" tabIndex={-1} className="screen-title">
        {kiosk ? t('kiosk.enterAmount') : t('sale.title')}
      </h1>
      {walkAway.secondsLeft !== null && (
        <div className="kiosk-still-there" role="alert" data-testid="kiosk-walk-away">
          <p>{t('kiosk.stillThere', { seconds: walkAway.secondsLeft })}</p>
          <button
            type="button"
            className="button button-primary button-large"
            onClick={walkAway.stillHere}
            data-testid="kiosk-still-here"
          >
            {t('kiosk.stillHere')}
          </button>
        </div>
      )}
      <div className="sale-layout">
        <div className="sale-entry">
          <p id="sale-amount-label" className="field-label">
            {t('sale.amount')}
          </p>
          <output
            className={`amount-display${stale ? ' amount-stale' : ''}${overLimit ? ' amount-refused' : ''}`}
            aria-labelledby="sale-amount-label"
            aria-live="polite"
            data-testid="sale-amount"
            data-amount-minor={amountMinor}
            data-stale={stale || undefined}
          >
            {amountText}
          </output>
          {stale && (
            <p className="hint" data-testid="sale-amount-stale">
              {t('sale.staleAmount')}
            </p>
          )}
          {overLimit && (
            <p className="error-text" role="alert" data-testid="sale-over-limit">
              {t(limits.maxFrom === 'provider' ? 'sale.overProviderMaximum' : 'sale.overMaximum', {
                amount: formatMoney({ amountMinor: limits.maxMinor, currency }, locale),
              })}
            </p>
          )}
          {/* The note is the cashier's (a table, an order number); a kiosk customer has none to give. */}
          {!kiosk && (
            <LabelledInput
              id="sale-note"
              label={t('sale.note')}
              type="text"
              maxLength={120}
              autoComplete="off"
              value={note}
              onChange={(event) => setNote(event.target.value, event.timeStamp)}
              data-testid="sale-note"
            />
          )}
          <ErrorText error={error} testId="sale-error" />
          <div className="sale-actions">
            <button
              type="button"
              className="button button-primary button-huge"
              onClick={() => void charge()}
              disabled={busy}
              data-testid="charge-button"
            >
              {busy
                ? t('sale.charging')
                : kiosk
                  ? t('kiosk.pay', { amount: amountText })
                  : t('sale.charge', { amount: amountText })}
              {!kiosk && <kbd aria-hidden="true">{t('sale.chargeHint')}</kbd>}
            </button>
            <button
              type="button"
              className="button button-secondary button-huge"
              onClick={scanCustomer}
              disabled={busy}
              data-testid="scan-customer-button"
            >
              {kiosk ? t('kiosk.showCode') : t('sale.scanCustomer')}
            </button>
          </div>
          {kiosk ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                reset();
                setError(null);
                setAttract(true);
              }}
              data-testid="kiosk-start-over"
            >
              {t('kiosk.startOver')}
            </button>
          ) : (
            <p className="hint">{t('sale.keysHint')}</p>
          )}
        </div>
        <Keypad
          onDigits={(digits) => {
            clearProblems();
            appendDigits(digits, limits.maxMinor, performance.now());
          }}
          onDelete={() => {
            clearProblems();
            deleteDigit(performance.now());
          }}
          onClear={() => {
            clearProblems();
            clearAmount(performance.now());
          }}
        />
      </div>
    </section>
  );
}
