import QRCode from 'qrcode';
import type { ReceiptDocument } from '../../../shared/receipt.ts';

// The receipt as a standalone HTML page for main's hidden print window: 80 mm roll width, black on white,
// the QR as an inline PNG (no network, no script). Mirrors renderer/components/receipt/Receipt.tsx.

const STYLE = `
@page { size: 80mm auto; margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { width: 72mm; padding: 4mm; font: 12px/1.35 "DejaVu Sans Mono", "Noto Sans Mono CJK TC", "Noto Sans Mono CJK SC", monospace; }
h1 { font-size: 16px; text-align: center; margin: 0 0 1mm; }
h2 { font-size: 13px; text-align: center; margin: 0 0 3mm; }
h3 { font-size: 12px; margin: 3mm 0 1mm; border-top: 1px dashed #000; padding-top: 2mm; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5mm 2mm; margin: 0; }
dt { white-space: nowrap; } dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
ul { list-style: none; margin: 0; padding: 0; } li { margin-bottom: 1mm; }
.qr { display: block; width: 36mm; height: 36mm; margin: 3mm auto 1mm; image-rendering: pixelated; }
p { text-align: center; margin: 1mm 0; }
`;

export async function receiptHtml(document: ReceiptDocument): Promise<string> {
  const qr = await QRCode.toDataURL(document.qrText, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  const facts = document.lines
    .map((line) => `<dt>${escapeHtml(line.label)}</dt><dd>${escapeHtml(line.value)}</dd>`)
    .join('');
  const identity = document.identity.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  const items =
    document.items.length === 0
      ? ''
      : `<h3>${escapeHtml(document.itemsTitle)}</h3><dl>${document.items
          .map(
            (item) =>
              `<dt>${escapeHtml(item.description)}${item.detail ? `<br>${escapeHtml(item.detail)}` : ''}</dt><dd>${escapeHtml(item.amount)}</dd>`,
          )
          .join('')}</dl>`;
  const notes = document.notes.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  const refunds = document.refundTotals
    ? `<h3>${escapeHtml(document.refundsTitle)}</h3><ul>${document.refunds
        .map(
          (r) =>
            `<li>${escapeHtml(r.time)} · ${escapeHtml(r.amount)} · ${escapeHtml(r.state)}${r.reason ? ` · ${escapeHtml(r.reason)}` : ''}</li>`,
        )
        .join(
          '',
        )}</ul><dl><dt>${escapeHtml(document.refundTotals.refundedSoFarLabel)}</dt><dd>${escapeHtml(document.refundTotals.refundedSoFar)}</dd><dt>${escapeHtml(
        document.refundTotals.refundableNowLabel,
      )}</dt><dd>${escapeHtml(document.refundTotals.refundableNow)}</dd></dl>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><title>${escapeHtml(
    document.title,
  )}</title><style>${STYLE}</style></head><body><h1>${escapeHtml(document.merchantName)}</h1>${identity}<h2>${escapeHtml(document.title)}</h2>${items}<dl>${facts}</dl>${notes}${refunds}<img class="qr" alt="${escapeHtml(
    document.qrText,
  )}" src="${qr}"><p>${escapeHtml(document.qrCaption)}</p><p>${escapeHtml(document.footer)}</p></body></html>`;
}

/** Merchant names and refund reasons are typed by people: never let them become markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
