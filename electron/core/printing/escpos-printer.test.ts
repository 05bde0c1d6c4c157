import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paidPaymentView } from '../../../shared/paid-payment.test-helper.ts';
import type { PaymentDetail, PaymentView } from '../../../shared/payments.ts';
import { PosError } from '../../../shared/errors.ts';
import { buildReceipt } from '../../../shared/receipt.ts';
import { DEFAULT_SETTINGS, type Locale } from '../../../shared/settings.ts';
import type { PrinterSettings } from '../../../shared/printer.ts';
import { encodeBig5 } from './big5.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import { createEscposPrinter, type EscposPrinter } from './escpos-printer.ts';
import { openPrintRecord, type PrintRecord } from './print-record.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The till's ESC/POS printing against the virtual printer over a real TCP socket: what arrives on the wire,
// decoded by the printer's side, and what happens when the printer is not ready.

let dir: string;
let sim: VirtualPrinter;
let record: PrintRecord;
let locale: Locale;
let printer: EscposPrinter;

const SGD = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const payment: PaymentView = paidPaymentView();
const detail: PaymentDetail = { payment, refunds: [], history: [], events: [] };

const receiptJob = (merchantName = 'Demo Coffee Bar') => ({
  what: 'receipt' as const,
  subject: payment.referenceId,
  document: buildReceipt({
    detail,
    kind: 'receipt',
    merchantName,
    terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
    locale,
    timeZone: 'UTC',
  }),
});

const textOf = (job: VirtualPrinter['jobs'][number]): string[] =>
  job.items.flatMap((item) => (item.type === 'text' ? [item.text] : []));

async function printError(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PosError);
  return (error as PosError).code;
}

beforeEach(async () => {
  dir = tempFolder('escpos-printer-');
  sim = await startVirtualPrinter({ folder: join(dir, 'printed') });
  record = openPrintRecord(join(dir, 'prints.sqlite'));
  locale = 'en';
  const settings: PrinterSettings = { ...DEFAULT_SETTINGS.printer, kind: 'network', host: '127.0.0.1', port: sim.port };
  printer = createEscposPrinter({ settings: () => settings, locale: () => locale, record });
});
afterEach(async () => {
  record.close();
  await sim.close();
  removeFolder(dir);
});

describe('a receipt on an ESC/POS printer', () => {
  it('arrives with init, the merchant, the amount, a native QR of the reference, and a cut', async () => {
    expect(await printer.print(receiptJob())).toEqual({ copy: false });
    expect(sim.jobs).toHaveLength(1);
    const [job] = sim.jobs;
    expect(job!.init).toBe(true);
    expect(job!.cut).toBe(true);
    expect(job!.unknown).toEqual([]);
    const text = textOf(job!);
    expect(text).toContain('Demo Coffee Bar');
    expect(text.some((line) => line.startsWith('Amount') && line.endsWith('S$12.34'))).toBe(true);
    expect(job!.items.filter((item) => item.type === 'qr')).toEqual([
      { type: 'qr', content: 'POS1-20261122-0007', model: 2, moduleDots: 6, errorCorrection: 'M' },
    ]);
    expect(sim.statusQueries()).toBe(6);
    expect(record.recent(1)[0]).toMatchObject({ what: 'receipt', subject: payment.referenceId, outcome: 'printed' });
  });

  it('sends zh-HK text in Big5, which decodes back to the same text', async () => {
    locale = 'zh-HK';
    await printer.print(receiptJob('大埔咖啡室'));
    const [job] = sim.jobs;
    const text = textOf(job!);
    expect(text).toContain('大埔咖啡室');
    expect(text).toContain('收據');
    expect(text).toContain('請保留此收據以便退款。');
    // Nothing lost to the code page: Intl's thin space in the zh-HK date became a plain one.
    expect(text.filter((line) => line.includes('?'))).toEqual([]);
    expect(text.some((line) => line.startsWith('日期／時間') && line.endsWith('22/11/2026 05:04:03'))).toBe(true);
    // The bytes on the wire are Big5 (收 = A6 AC), not UTF-8 (收 = E6 94 B6).
    const merchantBytes = job!.doubleByteLines.find((bytes) => new TextDecoder('big5').decode(bytes) === '大埔咖啡室');
    expect([...merchantBytes!]).toEqual([...encodeBig5('大埔咖啡室')]);
    expect([...encodeBig5('收')]).toEqual([0xa6, 0xac]);
  });

  it('a refund slip carries every refund and the totals, and is a first print of its own (not a receipt copy)', async () => {
    await printer.print(receiptJob());
    const refunded = {
      payment: { ...payment, refunded: SGD(200), refundable: SGD(1034) },
      refunds: [
        {
          refundId: 'RF-1',
          referenceId: payment.referenceId,
          amount: SGD(200),
          reason: 'Damaged',
          state: 'succeeded' as const,
          failureReason: null,
          failureNotice: null,
          posId: 'POS-1',
          createdAt: '2026-11-22T06:00:00.000Z',
          updatedAt: '2026-11-22T06:00:01.000Z',
        },
      ],
      history: [],
      events: [],
    };
    const document = buildReceipt({
      detail: refunded,
      kind: 'refund-slip',
      merchantName: 'Demo Coffee Bar',
      terminal: { posId: 'POS-1', terminalReference: 'Counter 2' },
      locale,
      timeZone: 'UTC',
    });
    expect(await printer.print({ what: 'refund-slip', subject: payment.referenceId, document })).toEqual({
      copy: false,
    });
    const text = textOf(sim.jobs[1]!);
    expect(text).toContain('Refund slip');
    expect(text.some((line) => line.startsWith('RF-1') && line.endsWith('Refunded'))).toBe(true);
    expect(text).toContain('  Damaged');
    expect(text.some((line) => line.startsWith('Refundable now') && line.endsWith('S$10.34'))).toBe(true);
    expect(sim.jobs[1]!.cut).toBe(true);
  });

  it('marks a reprint after a good print as a copy, and the first print not', async () => {
    await printer.print(receiptJob());
    expect(await printer.print(receiptJob())).toEqual({ copy: true });
    expect(textOf(sim.jobs[0]!)).not.toContain('*** COPY ***');
    expect(textOf(sim.jobs[1]!)[0]).toBe('*** COPY ***');
  });
});

describe('a printer that is not ready gets nothing, and nothing later by itself', () => {
  for (const [state, code] of [
    ['paper-out', 'printer.paper-out'],
    ['cover-open', 'printer.cover-open'],
    ['offline', 'printer.offline'],
    ['silent', 'printer.failed'],
    ['garbage', 'printer.failed'],
  ] as const) {
    it(`${state} → ${code}; no bytes after it is ready again until the cashier prints again`, async () => {
      sim.setState(state);
      expect(await printError(printer.print(receiptJob()))).toBe(code);
      sim.setState('ready');
      await sim.idle();
      expect(sim.jobBytes()).toBe(0);
      expect(sim.jobs).toEqual([]);
      expect(printer.status().state).toBe(state === 'silent' || state === 'garbage' ? 'failed' : state);
      expect(record.recent(1)[0]).toMatchObject({ outcome: 'failed', reason: code, copy: false });

      // The cashier presses Print again: printed once, and not a copy (nothing reached the paper before).
      expect(await printer.print(receiptJob())).toEqual({ copy: false });
      expect(sim.jobs).toHaveLength(1);
      expect(printer.status().state).toBe('ready');
    });
  }

  it('a printer nobody answers at is offline', async () => {
    const port = sim.port;
    await sim.close();
    const gone = createEscposPrinter({
      settings: () => ({ ...DEFAULT_SETTINGS.printer, kind: 'network', host: '127.0.0.1', port }),
      locale: () => 'en',
      record,
    });
    expect(await printError(gone.print(receiptJob()))).toBe('printer.offline');
    sim = await startVirtualPrinter({ folder: join(dir, 'printed-2') });
  });
});

describe('test page and cash drawer', () => {
  it('a test page prints and reports the printer’s status answers', async () => {
    const settings = { ...DEFAULT_SETTINGS.printer, kind: 'network' as const, host: '127.0.0.1', port: sim.port };
    expect(await printer.testPage(settings, 'Demo Coffee Bar')).toEqual({
      printed: true,
      before: 'ready',
      after: 'ready',
      answer: '12 12 12 12 12 12',
    });
    expect(sim.jobs[0]!.items.some((item) => item.type === 'qr')).toBe(true);
    sim.setState('cover-open');
    expect(await printer.testPage(settings, 'Demo Coffee Bar')).toMatchObject({ printed: false, before: 'cover-open' });
    expect(sim.jobs).toHaveLength(1);
  });

  it('opens the drawer with the pulse from Settings, even without paper', async () => {
    const settings = { ...DEFAULT_SETTINGS.printer, kind: 'network' as const, host: '127.0.0.1', port: sim.port };
    const withDrawer = createEscposPrinter({
      settings: () => ({ ...settings, drawerOnMs: 100, drawerOffMs: 200 }),
      locale: () => 'en',
      record,
    });
    sim.setState('paper-out');
    await withDrawer.openDrawer({ id: 'sam', name: 'Sam' }, 'change for the float');
    expect(sim.drawerKicks()).toEqual([{ onMs: 100, offMs: 200 }]);
    // The record says who opened it and why: cash left the drawer without a sale.
    expect(record.recent(1)[0]).toMatchObject({
      what: 'drawer',
      outcome: 'printed',
      by: { id: 'sam', name: 'Sam' },
      why: 'change for the float',
    });
    expect(await printError(printer.openDrawer(null, 'change for the float'))).toBe('request.invalid');
  });
});
