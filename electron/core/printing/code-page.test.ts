import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paidPaymentView } from '../../../shared/paid-payment.test-helper.ts';
import type { PaymentView } from '../../../shared/payments.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import { DEFAULT_SETTINGS, type Locale } from '../../../shared/settings.ts';
import type { PrinterSettings } from '../../../shared/printer.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import { codePageOf, encodeChinese } from './code-page.ts';
import { createEscposPrinter, type EscposPrinter } from './escpos-printer.ts';
import { openPrintRecord, type PrintRecord } from './print-record.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// A Simplified Chinese till prints for a Simplified Chinese printer: its receipts go in GB18030, decoded here by
// a virtual printer whose firmware reads GB18030 (Node's own WHATWG decoder, not the till's encoder), over TCP.

let dir: string;
let sim: VirtualPrinter;
let record: PrintRecord;
let printer: EscposPrinter;
let locale: Locale;

const textOf = (job: VirtualPrinter['jobs'][number]): string[] =>
  job.items.flatMap((item) => (item.type === 'text' ? [item.text] : []));

const payment: PaymentView = paidPaymentView();

const receiptJob = (merchantName: string) => {
  return {
    what: 'receipt' as const,
    subject: payment.referenceId,
    document: buildReceipt({
      detail: { payment, refunds: [], history: [], events: [] },
      kind: 'receipt',
      merchantName,
      terminal: { posId: 'POS-1', terminalReference: '' },
      locale,
      timeZone: 'Asia/Singapore',
    }),
  };
};

beforeEach(async () => {
  dir = tempFolder('code-page-');
  sim = await startVirtualPrinter({ folder: join(dir, 'printed'), codePage: 'gb18030' });
  record = openPrintRecord(join(dir, 'prints.sqlite'));
  locale = 'zh-Hans';
  const settings: PrinterSettings = { ...DEFAULT_SETTINGS.printer, kind: 'network', host: '127.0.0.1', port: sim.port };
  printer = createEscposPrinter({ settings: () => settings, locale: () => locale, record });
});
afterEach(async () => {
  record.close();
  await sim.close();
  removeFolder(dir);
});

describe('the code page of the receipt’s Chinese', () => {
  it('is chosen by the receipt’s language: GB18030 for zh-Hans, Big5 for every other', () => {
    expect(codePageOf('zh-Hans')).toBe('gb18030');
    expect(codePageOf('zh-HK')).toBe('big5');
    expect(codePageOf('en')).toBe('big5');
    expect(codePageOf('ms')).toBe('big5');
  });

  it('sends a zh-Hans receipt in GB18030, which a Simplified Chinese printer decodes back to the same text', async () => {
    await printer.print(receiptJob('大巴窑咖啡店'));
    const [job] = sim.jobs;
    const text = textOf(job!);
    expect(text).toContain('大巴窑咖啡店');
    expect(text).toContain('收据');
    expect(text).toContain('请保留此收据以便退款。');
    expect(text.filter((line) => line.includes('?') || line.includes('\uFFFD'))).toEqual([]);
    expect(
      text.some((line) => line.startsWith('日期／时间') && /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(line)),
    ).toBe(true);
    // The bytes on the wire are GB18030 (收 = CA D5, 据 = BE DD), not Big5 (收 = A6 AC) nor UTF-8 (E6 94 B6).
    const title = job!.doubleByteLines.find((bytes) => new TextDecoder('gb18030').decode(bytes) === '收据');
    expect([...title!]).toEqual([0xca, 0xd5, 0xbe, 0xdd]);
    expect([...encodeChinese('收据', 'gb18030')]).toEqual([0xca, 0xd5, 0xbe, 0xdd]);
  });

  it('prints the Simplified characters Big5 has no code for (谢, 设), where Big5 would send "?"', async () => {
    expect(new TextDecoder('big5').decode(encodeChinese('谢谢 设置', 'big5'))).toBe('?? ?置');
    const check = await printer.testPage(
      { ...DEFAULT_SETTINGS.printer, kind: 'network', host: '127.0.0.1', port: sim.port },
      '大巴窑咖啡店',
    );
    expect(check.printed).toBe(true);
    const text = textOf(sim.jobs[0]!);
    expect(text.some((line) => line.endsWith('收据 退款 谢谢'))).toBe(true);
    expect(text).toContain('打印机测试页');
  });
});
