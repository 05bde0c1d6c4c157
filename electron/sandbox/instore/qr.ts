import { toDataURL } from 'qrcode';
import type { QrType, SandboxOrder } from './orders.ts';

// The `qrCode` of a create response, per `qrType` (wire-details §2.3):
//   payload     → the text a consumer app scans (unique per order)
//   base64      → `data:image/png;base64,…`, a PNG of that same text
//   url_payload → the URL of the redirect flow: the sandbox's consumer pay page for this order

export const PAY_PAGE_PATH = '/pay';

export function payPageUrl(instoreBaseUrl: string, payToken: string): string {
  return `${instoreBaseUrl}${PAY_PAGE_PATH}/${payToken}`;
}

export async function qrCodeFor(order: SandboxOrder, qrType: QrType, instoreBaseUrl: string): Promise<string> {
  if (!order.qrPayload || !order.payToken) throw new Error(`order ${order.referenceId} has no merchant-presented QR`);
  switch (qrType) {
    case 'payload':
      return order.qrPayload;
    case 'base64':
      // Medium error correction and a quiet zone, as a till screen or a phone camera needs.
      return toDataURL(order.qrPayload, { errorCorrectionLevel: 'M', margin: 4, scale: 6, type: 'image/png' });
    case 'url_payload':
      return payPageUrl(instoreBaseUrl, order.payToken);
  }
}
