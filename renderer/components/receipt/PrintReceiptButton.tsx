import { useEffect, useEffectEvent, useState } from 'react';
import { createPortal } from 'react-dom';
import { buildReceipt, type ReceiptDocument, type ReceiptKind } from '../../../shared/receipt.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT, type MessageKey } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { ErrorText } from '../ErrorText.tsx';
import { Receipt } from './Receipt.tsx';

// Print or reprint a payment's receipt or refund slip. The core decides how (receipts.print): main prints it
// silently on the till's printer; where there is none (the browser preview) this puts the receipt in a
// print-only area outside the app and opens the browser's print dialog on it.

export interface PrintReceiptButtonProps {
  readonly referenceId: string;
  readonly kind: ReceiptKind;
  readonly label: MessageKey;
  readonly testId: string;
  readonly className?: string;
  /** Print once by itself when shown (Settings → print the receipt when paid); the button stays for a reprint. */
  readonly printOnShow?: boolean;
}

/**
 * References printed by `printOnShow` in this window: the result screen can be left and shown again (or
 * re-mounted) for the same payment, and a second automatic copy would only waste paper.
 */
const printedOnShow = new Set<string>();

export function PrintReceiptButton({
  referenceId,
  kind,
  label,
  testId,
  className = 'button button-secondary',
  printOnShow = false,
}: PrintReceiptButtonProps) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const terminal = useTerminal();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [sent, setSent] = useState(false);
  const [receipt, setReceipt] = useState<ReceiptDocument | null>(null);

  const print = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    setSent(false);
    setReceipt(null);
    const outcome = await bridge['receipts.print']({ referenceId, kind });
    if (!outcome.ok || outcome.value.printed) {
      setBusy(false);
      if (outcome.ok) setSent(true);
      else setError(outcome.error);
      return;
    }
    // No printer behind the core: print the same document from here, built from the journal's latest view.
    const detail = await bridge['payments.get']({ referenceId });
    setBusy(false);
    if (!detail.ok) {
      setError(detail.error);
      return;
    }
    const { posId, terminalReference, merchantName, settings } = terminal;
    setReceipt(
      buildReceipt({
        detail: detail.value,
        kind,
        merchantName,
        terminal: { posId, terminalReference },
        locale,
        business: settings.business,
        country: settings.country,
      }),
    );
  };

  const printOnce = useEffectEvent(() => void print());
  useEffect(() => {
    const key = `${kind}:${referenceId}`;
    if (!printOnShow || printedOnShow.has(key)) return;
    printedOnShow.add(key);
    // Started after this commit, like a click would be: print() updates this component's state.
    queueMicrotask(printOnce);
  }, [printOnShow, kind, referenceId]);

  // The receipt is in the page (committed before effects run): open the print dialog on it, and take it out
  // again once the dialog is closed.
  useEffect(() => {
    if (!receipt) return;
    const done = (): void => setReceipt(null);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [receipt]);

  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => void print()} data-testid={testId}>
        {busy ? t('receipt.printing') : t(label)}
      </button>
      {sent && (
        <span className="hint" role="status" data-testid={`${testId}-sent`}>
          {t('receipt.sentToPrinter')}
        </span>
      )}
      <ErrorText error={error} testId={`${testId}-error`} />
      {receipt &&
        createPortal(
          <div className="receipt-print-area" aria-label={t('receipt.previewLabel')} data-testid="receipt-print-area">
            <Receipt document={receipt} />
          </div>,
          document.body,
        )}
    </>
  );
}
