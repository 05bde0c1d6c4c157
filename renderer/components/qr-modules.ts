import QRCode, { type BitMatrix } from 'qrcode';

// A payment QR's modules, encoded once per payload. The encoder tries all eight masks, which costs a millisecond
// or two once the page's JIT knows it, and 15–20 ms the first time: so it is warmed when the page starts (not on
// the first charge), and a QR announced by an event (payment.updated, a moment before the charge's answer) is
// encoded then, so the answer's render only draws it.

/** A few: the payment on screen, the one before it, and whatever the open-payment banner may show. */
const KEPT = 4;
const encoded = new Map<string, BitMatrix>();

export function qrModulesOf(payload: string): BitMatrix {
  const known = encoded.get(payload);
  if (known) return known;
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  encoded.set(payload, modules);
  if (encoded.size > KEPT) encoded.delete(encoded.keys().next().value!);
  return modules;
}

/** Length of a wallet's merchant-QR payload, about: the warm-up encodes the same QR version. */
const WARM_UP_PAYLOAD = `warm-up:${'0'.repeat(120)}`;

/** Runs the encoder a few times while the page is idle, so the first charge's QR is not the one that pays for it. */
export function warmQrEncoder(): void {
  const warm = (): void => {
    for (let round = 0; round < 3; round += 1)
      QRCode.create(`${WARM_UP_PAYLOAD}${round}`, { errorCorrectionLevel: 'M' });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 2_000 });
  else setTimeout(warm, 0);
}
