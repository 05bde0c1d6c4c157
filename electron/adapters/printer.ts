import { BrowserWindow } from 'electron';
import type { ReceiptDocument } from '../../shared/receipt.ts';
import { receiptHtml } from '../core/receipts/receipt-html.ts';
import type { ReceiptPrinter } from '../core/receipts/receipt-service.ts';
import { webPreferences } from '../core/security/web-preferences.ts';

// The till's receipt printer: the receipt page (core/receipts/receipt-html.ts) in a hidden window with no
// preload and no script, printed silently to the system's default printer (the receipt printer on a
// service desk), then the window is closed. One print at a time, so two quick reprints never share a window.

const PRINT_TIMEOUT_MS = 30_000;

export function createElectronPrinter(): ReceiptPrinter {
  let queue: Promise<void> = Promise.resolve();
  return {
    print(document) {
      const next = queue.then(() => printOnce(document));
      queue = next.catch(() => {});
      return next;
    },
  };
}

async function printOnce(document: ReceiptDocument): Promise<void> {
  const html = await receiptHtml(document);
  const window = new BrowserWindow({
    show: false,
    width: 320,
    height: 800,
    webPreferences: { ...webPreferences(), javascript: false },
  });
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the printer did not answer')), PRINT_TIMEOUT_MS);
      // deviceName omitted: the default printer. The page size comes from the page's @page rule (80 mm roll).
      window.webContents.print(
        { silent: true, printBackground: false, margins: { marginType: 'none' } },
        (success, failureReason) => {
          clearTimeout(timer);
          if (success) resolve();
          else reject(new Error(failureReason || 'printing failed'));
        },
      );
    });
  } finally {
    if (!window.isDestroyed()) window.destroy();
  }
}
