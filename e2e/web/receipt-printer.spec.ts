import { startVirtualPrinter, type VirtualPrinter } from '../../electron/printing-sim/virtual-printer.ts';
import { decodeQrFromPng } from '../fixtures/qr-decode.ts';
import { expect, keyAmount, scannerTypes, test } from '../fixtures/pos-test.ts';
import { removeFolder, tempFolder } from '../../electron/testing/helpers.ts';
import { keepScreenshot } from '../fixtures/screenshots.ts';

// An ESC/POS receipt printer in Chromium, against the virtual printer over a real socket: Settings → network
// printer → test page; a sale printed by the core; the printed receipt's QR read back off its picture and
// scanned on the Refund screen; paper out said in words on the button and in the status bar.

let folder: string;
let printer: VirtualPrinter;

test.beforeEach(async () => {
  folder = tempFolder('wallet-pos-printer-');
  printer = await startVirtualPrinter({ folder });
});
test.afterEach(async ({ pos }) => {
  // The preview host is the worker's: leave it with the system printer for the next spec.
  await pos.call('settings.save', { settings: { printer: { kind: 'system' } } });
  await printer.close();
  removeFolder(folder);
});

test('network printer: test page, a sale printed, its QR found on the Refund screen, paper out in words', async ({
  page,
  browser,
  pos,
}) => {
  await pos.open(page);
  await pos.openSettings(page);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.getByTestId('settings-printer-kind').selectOption('network');
  await page.getByTestId('settings-printer-host').fill('127.0.0.1');
  await page.getByTestId('settings-printer-port').fill(String(printer.port));
  await page.getByTestId('settings-printer-test').click();
  const result = page.getByTestId('settings-printer-test-result');
  await expect(result).toContainText('The test page was printed.');
  await expect(result).toContainText('12 12 12');
  expect(printer.jobs).toHaveLength(1);
  await keepScreenshot(page, 'printer-settings.png', { fullPage: true });
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-message')).toBeVisible();

  // A sale, paid, printed by the core on the printer.
  await page.getByTestId('nav-sale').click();
  await keyAmount(page, '1234');
  await page.getByTestId('charge-button').click();
  const referenceId = (await page.getByTestId('payment-screen').getAttribute('data-reference-id'))!;
  await pos.sandbox('/consumer/confirm', { referenceId });
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
  await page.getByTestId('print-receipt').click();
  await expect(page.getByTestId('print-receipt-sent')).toHaveText('Sent to the receipt printer.');
  await expect(page.getByTestId('status-printer')).toHaveText('Printer: ready');
  expect(printer.jobs).toHaveLength(2);

  // The paper as the printer drew it; its QR read back from pixels, as a phone or the scanner would.
  const paper = await browser.newPage();
  const svg = await (await fetch(`${printer.controlUrl}/jobs/2.svg`)).text();
  await paper.setContent(`<body style="margin:0">${svg}</body>`);
  const scanned = decodeQrFromPng(await paper.locator('svg').screenshot());
  await paper.close();
  expect(scanned).toBe(referenceId);
  await page.getByTestId('nav-refund').click();
  await scannerTypes(page, scanned!);
  await expect(page.getByTestId('refund-refundable')).toHaveText('S$12.34');

  // Paper out: the reprint is refused in words, the status bar says so, and nothing reaches the printer.
  await fetch(`${printer.controlUrl}/state`, { method: 'POST', body: 'paper-out' });
  await page.getByTestId('nav-payments').click();
  await page.getByRole('button', { name: referenceId }).click();
  await page.getByTestId('detail-reprint').click();
  await expect(page.getByTestId('detail-reprint-error')).toContainText('The receipt printer is out of paper.');
  await expect(page.getByTestId('status-printer')).toHaveText('Printer: paper out');
  expect(printer.jobs).toHaveLength(2);
  await keepScreenshot(page, 'printer-paper-out.png');
});
