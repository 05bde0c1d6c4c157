import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentDetail } from '../../../shared/payments.ts';
import { isReceiptReference } from '../../../shared/receipt-reference.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useBridgeEvent } from '../../hooks/use-bridge-event.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { findPayment } from './find-payment.ts';

export type RefundLookup = ReturnType<typeof useRefundLookup>;

/**
 * The payment to refund: looked up from a scan, the camera, a typed reference or the screen's own reference, kept
 * current while it is on screen, and the refund this screen made on it.
 */
export function useRefundLookup(referenceId: string | undefined) {
  const bridge = useBridge();
  const [query, setQuery] = useState(referenceId ?? '');
  const [detail, setDetail] = useState<PaymentDetail | null>(null);
  const [lookupError, setLookupError] = useState<AppError | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  // The refund this screen just made: the screen then shows its outcome and the slip, not a fresh form.
  const [made, setMade] = useState<{ readonly refundId: string | null } | null>(null);
  const lookupRef = useRef<HTMLInputElement>(null);
  // The code the camera last had looked up. A receipt held up to the camera is read many times a second (and
  // reported again every few seconds): it is looked up once, and while it is being looked up and after, the
  // same code is ignored, so the payment on screen (a form half filled, a refund just made) stays. Another
  // code, a scan, a typed reference or starting over takes it back.
  const cameraCode = useRef<string | null>(null);
  const [cameraRefused, setCameraRefused] = useState(false);

  const lookUp = useCallback(
    (text: string): Promise<void> =>
      findPayment(bridge, text).then((result) => {
        setDetail('found' in result ? result.found : null);
        setLookupError('error' in result ? result.error : null);
        setNotFound('notFound' in result ? text.trim() : null);
      }),
    [bridge],
  );
  const find = (text: string): Promise<void> => {
    setMade(null);
    setCameraRefused(false);
    return lookUp(text);
  };

  const findFromCamera = (code: string): void => {
    if (code === cameraCode.current) return;
    cameraCode.current = code;
    // Not a receipt of ours (a customer's wallet code, a product's QR): said at once, nothing is looked up.
    if (!isReceiptReference(code)) {
      setCameraRefused(true);
      return;
    }
    setQuery(code);
    void find(code);
  };

  useEffect(() => {
    if (referenceId) void lookUp(referenceId);
  }, [referenceId, lookUp]);

  useScanHandler((scan) => {
    cameraCode.current = null;
    setQuery(scan.code);
    void find(scan.code);
  });

  // Keep the numbers honest while the screen is open (a refund confirmed late, another till refunding).
  const shownReference = detail?.payment.referenceId;
  const reload = async (): Promise<void> => {
    if (!shownReference) return;
    const fresh = await bridge['payments.get']({ referenceId: shownReference });
    if (fresh.ok) setDetail(fresh.value);
  };
  useBridgeEvent('refund.updated', (refund) => {
    if (refund.referenceId === shownReference) void reload();
  });
  useBridgeEvent('payment.updated', (view) => {
    if (view.referenceId === shownReference) void reload();
  });

  // Back to an empty lookup, ready for the next receipt.
  const startOver = (): void => {
    setDetail(null);
    setMade(null);
    setNotFound(null);
    setLookupError(null);
    setCameraRefused(false);
    cameraCode.current = null;
    setQuery('');
    lookupRef.current?.focus();
  };

  /** A typed reference: whatever the camera had looked up before may be looked up again. */
  const findTyped = (text: string): void => {
    cameraCode.current = null;
    void find(text);
  };

  return {
    query,
    setQuery,
    detail,
    setDetail,
    lookupError,
    notFound,
    made,
    setMade,
    lookupRef,
    cameraRefused,
    findTyped,
    findFromCamera,
    startOver,
  };
}
