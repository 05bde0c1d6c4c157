import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { isTypingTarget, useKeyDown } from '../../hooks/use-key.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useSaleStore } from '../../stores/sale-store.ts';
import { useTerminal } from '../../stores/terminal.ts';
import { useWalkAway } from '../../hooks/use-walk-away.ts';
import { CameraPanel } from '../../components/CameraPanel.tsx';
import { FromRegister } from '../../components/FromRegister.tsx';
import type { RegisterSale } from '../../../shared/register.ts';
import { useScanCharge, type ScanCharge } from './use-scan-charge.ts';

/** A kiosk customer has this long to show a code before the kiosk starts over. */
const KIOSK_SCAN_WALK_AWAY_MS = 60_000;

// Journey 2: we scan the customer's wallet code, by USB scanner or camera. Both arrive here through the one
// scan path and become "charge by customer QR". A refused code (already used, not a wallet code) is shown
// with its reason and the screen stays ready for the next code.

export function ScanScreen({ registerSale }: { registerSale?: RegisterSale | undefined } = {}) {
  const t = useT();
  const locale = useLocale();
  const terminal = useTerminal();
  const { reset, markStale } = useSaleStore();
  // Back on the sale screen, the amount brought here is from an earlier attempt: typing starts anew.
  useEffect(() => () => markStale(), [markStale]);
  const scan = useScanCharge(registerSale);
  const { amountMinor } = scan;
  // A code typed by hand (a damaged code).
  const [typedCode, setTypedCode] = useState('');
  const typedCodeRef = useRef<HTMLInputElement>(null);

  useScanHandler((code) => void scan.charge(code.code, code.source));
  useHumanKeys(scan, (keys) => {
    setTypedCode(keys);
    scan.setTypedSlowly(true);
    typedCodeRef.current?.focus();
  });

  // A kiosk customer who walks away with the camera on: back to the attract screen for the next one. A register's
  // sale is called off on the way (the register hears so), never left holding the till with nobody at the scan.
  const kiosk = terminal.mode === 'kiosk';
  useWalkAway({
    enabled: kiosk && !scan.busy && !scan.cancelling,
    idleMs: KIOSK_SCAN_WALK_AWAY_MS,
    warnMs: 0,
    onWalkAway: () => {
      reset();
      void scan.leave();
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
            {scan.busy ? t('scan.charging') : ''}
          </p>
          <ErrorText error={scan.error} testId="scan-error" />
          {scan.typedSlowly && (
            <p className="hint" role="status" data-testid="scan-typed-slowly">
              {t('scan.typedTooSlow')}
            </p>
          )}
          {!kiosk && (
            <TypedCodeForm
              scan={scan}
              code={typedCode}
              onType={(text) => {
                setTypedCode(text);
                scan.setError(null);
              }}
              fieldRef={typedCodeRef}
            />
          )}
          <button
            type="button"
            className={registerSale ? 'button button-danger' : 'button button-secondary'}
            onClick={() => void scan.leave()}
            disabled={scan.busy || scan.cancelling}
            data-testid={registerSale ? 'scan-cancel-register-sale' : 'scan-back'}
          >
            {registerSale
              ? scan.cancelling
                ? t('register.cancellingSale')
                : t('register.cancelSale')
              : t('scan.back')}
          </button>
        </div>
        <CameraPanel deviceId={terminal.settings.cameraDeviceId} onCode={(code) => void scan.charge(code, 'camera')} />
      </div>
    </section>
  );
}

/**
 * Esc leaves the scan. The keys a person typed outside any field, then Enter, are a code typed by hand: a scanner
 * types a whole code in a few tens of ms, so a code that arrived at human speed is pointed at the field instead.
 */
function useHumanKeys(scan: ScanCharge, onTypedByHand: (keys: string) => void): void {
  const minLength = useTerminal().settings.scanner.minLength;
  const looseKeys = useRef<string[]>([]);
  useKeyDown((event) => {
    if (event.key === 'Escape' && !scan.busy && !scan.cancelling) {
      event.preventDefault();
      void scan.leave();
      return;
    }
    if (isTypingTarget(event.target) || event.ctrlKey || event.altKey || event.metaKey) return;
    if (event.key === 'Enter') {
      // A scanner's Enter never gets here (the wedge detector takes it): these keys were typed by a person.
      const keys = looseKeys.current.join('');
      looseKeys.current = [];
      if (keys.length >= Math.min(minLength, 6)) {
        event.preventDefault();
        onTypedByHand(keys);
      }
    } else if ([...event.key].length === 1) {
      looseKeys.current.push(event.key);
    }
  });
}

function TypedCodeForm({
  scan,
  code: typedCode,
  onType,
  fieldRef,
}: {
  scan: ScanCharge;
  code: string;
  onType: (text: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  return (
    <form
      className="typed-code"
      onSubmit={(event) => {
        event.preventDefault();
        const code = typedCode.trim();
        if (code !== '') void scan.charge(code, 'typed');
      }}
    >
      <LabelledInput
        ref={fieldRef}
        id="scan-typed-code"
        label={t('scan.typeCode')}
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={256}
        value={typedCode}
        onChange={(event) => onType(event.target.value)}
        data-testid="scan-typed-code"
      />
      <button
        type="submit"
        className="button button-primary"
        disabled={scan.busy || typedCode.trim() === ''}
        data-testid="scan-typed-submit"
      >
        {t('scan.typeCodeSubmit')}
      </button>
    </form>
  );
}
