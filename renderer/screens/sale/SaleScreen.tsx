import { useEffect, useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { WalkAwayBanner } from '../../components/WalkAwayBanner.tsx';
import { isActivatableTarget, isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useWalkAway } from '../../hooks/use-walk-away.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { useCanShowCode } from './can-show-code.ts';
import { KioskAttract } from './KioskAttract.tsx';
import { ShiftNeeded, useShiftNeeded } from './ShiftNeeded.tsx';
import { Keypad } from './Keypad.tsx';
import { OpenDrawer } from './OpenDrawer.tsx';
import { TillSetup } from './TillSetup.tsx';
import { useSaleCharge, type SaleCharge } from './use-sale-charge.ts';

// Journey 1 and 2 start here: key the amount (digits from the right), optionally a note, then "Charge"
// (Enter: the customer scans our QR) or "Scan customer" (we scan theirs). Esc clears.

/** A kiosk left mid-way is reset for the next customer, after a countdown the customer can stop. */
const KIOSK_WALK_AWAY_MS = 60_000;
const KIOSK_WARN_MS = 15_000;

export function SaleScreen() {
  const t = useT();
  const terminal = useTerminal();
  const { amountMinor, markStale, reset } = useSaleStore();
  const sale = useSaleCharge();

  // An amount left here when the cashier goes elsewhere (Scan, Payments…) is from an earlier attempt when
  // they come back: typing then starts anew. (A charge resets the sale; digits typed on a result start a
  // fresh one, so neither is marked.)
  useEffect(() => () => markStale(), [markStale]);

  // A kiosk rests on its attract screen; a customer who walks away mid-way sends it back there.
  const kiosk = terminal.mode === 'kiosk';
  const [attract, setAttract] = useState(() => kiosk && amountMinor === 0);
  const startOver = (): void => {
    reset();
    sale.clearError();
    setAttract(true);
  };
  useSaleKeys(sale, attract && kiosk);
  useScanIgnored();
  const walkAway = useWalkAway({
    enabled: kiosk && !attract && !sale.busy,
    idleMs: KIOSK_WALK_AWAY_MS,
    warnMs: KIOSK_WARN_MS,
    onWalkAway: startOver,
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
      <WalkAwayBanner walkAway={walkAway} question="kiosk.stillThere" />
      <div className="sale-layout">
        <SaleEntry sale={sale} kiosk={kiosk} onStartOver={startOver} />
        <SaleKeypad sale={sale} forCustomer={kiosk} />
      </div>
      {!kiosk && <OpenDrawer />}
      {!kiosk && <TillSetup />}
    </section>
  );
}

/** Enter charges, Esc clears, digits and Backspace key the amount (not while typing the note). */
function useSaleKeys(sale: SaleCharge, resting: boolean): void {
  const { appendDigits, deleteDigit, clearAmount } = useSaleStore();
  const maxMinor = useTerminal().saleLimits.maxMinor;
  useKeyDown((event) => {
    if (resting) return;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const typing = isTypingTarget(event.target);
    if (event.key === 'Enter') {
      if (isActivatableTarget(event.target)) return;
      event.preventDefault();
      void sale.charge();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      sale.clearProblems();
      clearAmount(event.timeStamp);
    } else if (!typing && /^\d$/.test(event.key)) {
      event.preventDefault();
      sale.clearProblems();
      appendDigits(event.key, maxMinor, event.timeStamp);
    } else if (!typing && event.key === 'Backspace') {
      event.preventDefault();
      sale.clearProblems();
      deleteDigit(event.timeStamp);
    }
  });
}

/** A scan is not a sale action here: ignore it, and undo whatever its burst of keys typed into the form. */
function useScanIgnored(): void {
  const t = useT();
  const revertSince = useSaleStore((state) => state.revertSince);
  const showNotice = useAppStore((state) => state.showNotice);
  useScanHandler((scan) => {
    if (scan.startedAt !== undefined) revertSince(scan.startedAt);
    showNotice(t('sale.scanIgnored'));
  });
}

function SaleEntry({ sale, kiosk, onStartOver }: { sale: SaleCharge; kiosk: boolean; onStartOver: () => void }) {
  const t = useT();
  const { note, setNote } = useSaleStore();
  const shiftNeeded = useShiftNeeded(sale.error);
  return (
    <div className="sale-entry">
      {shiftNeeded && <ShiftNeeded onOpened={sale.clearError} />}
      <SaleAmount overLimit={sale.overLimit} />
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
      {/* A line of its own, kept when empty: an error never pushes Charge and Scan under the status line. The
          refusal for want of a shift is the question above. */}
      <div className="message-line">
        {!(shiftNeeded && sale.error?.code === 'shift.not-open') && (
          <ErrorText error={sale.error} testId="sale-error" />
        )}
      </div>
      <SaleActions sale={sale} kiosk={kiosk} />
      {kiosk ? (
        <button type="button" className="button button-secondary" onClick={onStartOver} data-testid="kiosk-start-over">
          {t('kiosk.startOver')}
        </button>
      ) : (
        <p className="hint">{t('sale.keysHint')}</p>
      )}
    </div>
  );
}

/** The amount as keyed, marked when it is left from an earlier attempt or a digit past the maximum was refused. */
function SaleAmount({ overLimit }: { overLimit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { currency, saleLimits: limits } = useTerminal();
  const { amountMinor, stale } = useSaleStore();
  return (
    <>
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
        {formatMoney({ amountMinor, currency }, locale)}
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
    </>
  );
}

function SaleActions({ sale, kiosk }: { sale: SaleCharge; kiosk: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { currency } = useTerminal();
  const amountMinor = useSaleStore((state) => state.amountMinor);
  const canShowCode = useCanShowCode();
  const amountText = formatMoney({ amountMinor, currency }, locale);
  return (
    <div className="sale-actions">
      <button
        type="button"
        // Nothing to charge yet: it looks idle (a press still says why), so S$0.00 is not read as ready.
        className={`button button-primary button-huge${amountMinor === 0 ? ' charge-empty' : ''}`}
        onClick={() => void sale.charge()}
        disabled={sale.busy}
        data-testid="charge-button"
      >
        {sale.busy
          ? t('sale.charging')
          : kiosk
            ? t('kiosk.pay', { amount: amountText })
            : t('sale.charge', { amount: amountText })}
        {!kiosk && <kbd aria-hidden="true">{t('sale.chargeHint')}</kbd>}
      </button>
      {(!kiosk || canShowCode) && (
        <button
          type="button"
          className="button button-secondary button-huge"
          onClick={sale.scanCustomer}
          disabled={sale.busy}
          data-testid="scan-customer-button"
        >
          {kiosk ? t('kiosk.showCode') : t('sale.scanCustomer')}
        </button>
      )}
    </div>
  );
}

function SaleKeypad({ sale, forCustomer }: { sale: SaleCharge; forCustomer: boolean }) {
  const { appendDigits, deleteDigit, clearAmount } = useSaleStore();
  const maxMinor = useTerminal().saleLimits.maxMinor;
  return (
    <Keypad
      forCustomer={forCustomer}
      onDigits={(digits) => {
        sale.clearProblems();
        appendDigits(digits, maxMinor, performance.now());
      }}
      onDelete={() => {
        sale.clearProblems();
        deleteDigit(performance.now());
      }}
      onClear={() => {
        sale.clearProblems();
        clearAmount(performance.now());
      }}
    />
  );
}
