import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paidPaymentView } from '../../../shared/paid-payment.test-helper.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import type { PrinterSettings } from '../../../shared/printer.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import { DEFAULT_SETTINGS, type Locale } from '../../../shared/settings.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';
import { createEscposPrinter, type EscposPrinter } from './escpos-printer.ts';
import { openPrintRecord, type PrintRecord } from './print-record.ts';

// A printer with no Chinese code page (the virtual printer reads Big5 here, and is sent none): the till draws the
// receipt as pictures (GS v 0) with the app's fonts; the virtual printer decodes the dots back and shows them in
// its job SVG. Over a real socket, like every printing test.

type Job = VirtualPrinter['jobs'][number];
type Picture = Extract<Job['items'][number], { type: 'raster' }>;

let dir: string;
let sim: VirtualPrinter;
let record: PrintRecord;
let settings: PrinterSettings;
let locale: Locale;
let printer: EscposPrinter;

const payment: PaymentView = paidPaymentView();
const receiptJob = () => ({
  what: 'receipt' as const,
  subject: payment.referenceId,
  document: buildReceipt({
    detail: { payment, refunds: [], history: [], events: [] },
    kind: 'receipt',
    merchantName: '大巴窑咖啡店',
    terminal: { posId: 'POS-1', terminalReference: '' },
    locale,
    timeZone: 'Asia/Singapore',
  }),
});

const picturesOf = (job: Job): Picture[] => job.items.filter((item): item is Picture => item.type === 'raster');
const textOf = (job: Job): string[] => job.items.flatMap((item) => (item.type === 'text' ? [item.text] : []));
const inkOf = (picture: Picture): number =>
  picture.bits.reduce((dots, byte) => dots + byte.toString(2).replaceAll('0', '').length, 0);

beforeEach(async () => {
  dir = tempFolder('raster-receipt-');
  sim = await startVirtualPrinter({ folder: join(dir, 'printed') });
  record = openPrintRecord(join(dir, 'prints.sqlite'));
  locale = 'zh-Hans';
  settings = { ...DEFAULT_SETTINGS.printer, kind: 'network', host: '127.0.0.1', port: sim.port, printAs: 'picture' };
  printer = createEscposPrinter({ settings: () => settings, locale: () => locale, record });
});
afterEach(async () => {
  record.close();
  await sim.close();
  removeFolder(dir);
});

describe('a receipt printed as a picture', () => {
  it('arrives as GS v 0 pictures the printer decodes back: 576 dots wide, inked, no Chinese as text', async () => {
    await printer.print(receiptJob());
    const [job] = sim.jobs;
    expect(job!.init).toBe(true);
    expect(job!.cut).toBe(true);
    expect(job!.unknown).toEqual([]);
    const pictures = picturesOf(job!);
    expect(pictures.length).toBeGreaterThanOrEqual(2);
    for (const picture of pictures) {
      expect(picture.widthBytes).toBe(72);
      expect(picture.height % 30).toBe(0);
      expect(picture.bits.length).toBe(72 * picture.height);
    }
    // Every picture but a blank line's has ink; the receipt's pictures together carry thousands of dots.
    const total = pictures.reduce((dots, picture) => dots + inkOf(picture), 0);
    expect(total).toBeGreaterThan(5_000);
    expect(pictures.filter((picture) => inkOf(picture) > 0).length).toBeGreaterThanOrEqual(pictures.length - 1);
    // Nothing went in a code page: the printer's double-byte mode was never used, nor a "?" printed.
    expect(job!.doubleByteLines).toEqual([]);
    expect(textOf(job!).filter((line) => line.trim() !== '')).toEqual([]);
    // The QR is still the printer's own (sharp, and what the Refund screen's scanner reads).
    expect(job!.items.filter((item) => item.type === 'qr').map((item) => item.type === 'qr' && item.content)).toEqual([
      payment.referenceId,
    ]);
  });

  it('is shown in the job SVG: each picture embedded as a PNG of its dots', async () => {
    await printer.print(receiptJob());
    const [job] = sim.jobs;
    const svg = readFileSync(job!.svgPath, 'utf8');
    const images = [...svg.matchAll(/<image [^>]*data-raster="(\d+)x(\d+)" href="data:image\/png;base64,([^"]+)"/g)];
    expect(images.map(([, width, height]) => `${width}x${height}`)).toEqual(
      picturesOf(job!).map((picture) => `576x${picture.height}`),
    );
    const png = Buffer.from(images[0]![3]!, 'base64');
    expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    // The PNG's own header says the picture's size (IHDR: width and height, big-endian).
    expect(png.readUInt32BE(16)).toBe(576);
    expect(png.readUInt32BE(20)).toBe(picturesOf(job!)[0]!.height);
  });

  it('fits a 58 mm head: 384 dots (48 bytes) wide', async () => {
    settings = { ...settings, widthMm: 58 };
    await printer.print(receiptJob());
    const pictures = picturesOf(sim.jobs[0]!);
    expect(pictures.length).toBeGreaterThan(0);
    expect(new Set(pictures.map((picture) => picture.widthBytes))).toEqual(new Set([48]));
  });
});

describe('the test page', () => {
  it('shows the Chinese sample both ways — as text in the code page and as a picture — whatever the setting', async () => {
    locale = 'zh-HK';
    for (const printAs of ['text', 'picture'] as const) {
      const check = await printer.testPage({ ...settings, printAs }, '大巴窑咖啡店');
      expect(check.printed).toBe(true);
    }
    const [asText, asPicture] = sim.jobs;
    // Text setting: every line is text, but for the one sample line drawn as a picture.
    expect(textOf(asText!)).toContain('中文（文字）: 收據 退款 多謝');
    expect(picturesOf(asText!)).toHaveLength(1);
    expect(inkOf(picturesOf(asText!)[0]!)).toBeGreaterThan(200);
    expect(picturesOf(asText!)[0]!.height).toBe(30);
    // Picture setting: every line is a picture, but for the one sample line sent as text.
    expect(textOf(asPicture!).filter((line) => line.trim() !== '')).toEqual(['中文（文字）: 收據 退款 多謝']);
    expect(picturesOf(asPicture!).length).toBeGreaterThan(1);
    expect(asPicture!.doubleByteLines).toHaveLength(1);
  });
});
