import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { paidPayment } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { localDayOf, systemTimeZone } from '../sqlite/local-time.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import { openPrintRecord, PRINT_RECORD_FILE } from './print-record.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// receipts.print through the whole core, as the browser preview serves it (no system printer): with an ESC/POS
// printer in Settings, the core prints it itself, over a real socket to the virtual printer.

let dir: string;
let core: Core;
let sim: VirtualPrinter;

beforeEach(async () => {
  dir = tempFolder('printing-core-');
  sim = await startVirtualPrinter({ folder: join(dir, 'printed') });
  core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
  });
});
afterEach(async () => {
  await core.close();
  await sim.close();
  removeFolder(dir);
});

const useVirtualPrinter = () =>
  core.handlers['settings.save']({
    settings: { printer: { kind: 'network', host: '127.0.0.1', port: sim.port, widthMm: 58 } },
  });

describe('receipts.print on the system printer', () => {
  it('records each print of the app’s system printer too, printed or not and why', async () => {
    await core.close();
    let paper = false;
    core = await createCore({
      dataDir: dir,
      vault: new DevelopmentFileVault(join(dir, 'vault.json')),
      transport: 'web',
      version: '1.2.3',
      statusIntervalMs: 60_000,
      payments: createPaymentModule(FAST),
      printer: { print: async () => (paper ? undefined : Promise.reject(new Error('Printer is out of paper'))) },
    });
    const referenceId = await paidPayment(core);
    expect(await dispatch(core.handlers, 'receipts.print', { referenceId, kind: 'receipt' })).toMatchObject({
      ok: false,
    });
    paper = true;
    expect(await core.handlers['receipts.print']({ referenceId, kind: 'receipt' })).toEqual({
      printed: true,
      via: 'printer',
    });
    const record = openPrintRecord(join(dir, PRINT_RECORD_FILE));
    expect(record.recent(10).map((entry) => [entry.printer, entry.subject, entry.outcome, entry.reason])).toEqual([
      ['system', referenceId, 'printed', ''],
      ['system', referenceId, 'failed', 'system: Printer is out of paper'],
    ]);
    record.close();
  });
});

describe('receipts.print on an ESC/POS printer', () => {
  it('settings files without a printer load with the system printer, which leaves printing to the browser here', async () => {
    expect((await core.handlers['settings.get']({})).settings.printer).toMatchObject({ kind: 'system', widthMm: 80 });
    const referenceId = await paidPayment(core);
    expect(await core.handlers['receipts.print']({ referenceId, kind: 'receipt' })).toEqual({
      printed: false,
      via: 'browser',
    });
    expect((await core.handlers['status.get']({})).printer).toBeUndefined();
    expect(sim.statusQueries()).toBe(0);
  });

  it('shows the printer’s state in the status bar as soon as it is set, before anything is printed', async () => {
    sim.setState('cover-open');
    const seen = new Promise<unknown>((resolve) => {
      core.onEvent((event) => {
        if (event.event === 'status.changed' && event.payload.printer?.state === 'cover-open')
          resolve(event.payload.printer);
      });
    });
    await useVirtualPrinter();
    expect(await seen).toMatchObject({ state: 'cover-open' });
    expect(sim.jobBytes()).toBe(0);
  });

  it('prints the paid receipt with its QR, records it, and shows the printer in the status bar', async () => {
    await useVirtualPrinter();
    const referenceId = await paidPayment(core);
    expect(await core.handlers['receipts.print']({ referenceId, kind: 'receipt' })).toEqual({
      printed: true,
      via: 'printer',
    });
    expect(sim.jobs).toHaveLength(1);
    expect(sim.jobs[0]!.items.find((item) => item.type === 'qr')).toMatchObject({
      content: referenceId,
      moduleDots: 5,
    });
    expect((await core.handlers['status.get']({})).printer).toMatchObject({ state: 'ready' });
  });

  it('paper out: a typed error for the cashier, nothing sent when the paper is back, Copy only after a good print', async () => {
    await useVirtualPrinter();
    const referenceId = await paidPayment(core);
    sim.setState('paper-out');
    expect(await dispatch(core.handlers, 'receipts.print', { referenceId, kind: 'receipt' })).toMatchObject({
      ok: false,
      error: { code: 'printer.paper-out' },
    });
    expect((await core.handlers['status.get']({})).printer).toMatchObject({ state: 'paper-out' });
    sim.setState('ready');
    await sim.idle();
    expect(sim.jobBytes()).toBe(0);

    await core.handlers['receipts.print']({ referenceId, kind: 'receipt' });
    await core.handlers['receipts.print']({ referenceId, kind: 'receipt' });
    const firstLines = sim.jobs.map((job) => job.items.find((item) => item.type === 'text')?.text);
    expect(firstLines).toEqual(['Demo Coffee Bar', '*** COPY ***']);

    const record = openPrintRecord(join(dir, PRINT_RECORD_FILE));
    expect(record.recent(10).map((entry) => [entry.outcome, entry.reason, entry.copy])).toEqual([
      ['printed', '', true],
      ['printed', '', false],
      ['failed', 'printer.paper-out', false],
    ]);
    record.close();
  });

  it('prints the test page from the Settings draft and the end-of-day report', async () => {
    const draft = {
      kind: 'network',
      host: '127.0.0.1',
      port: sim.port,
      path: '',
      widthMm: 80,
      printAs: 'text',
      drawerOnMs: 0,
      drawerOffMs: 200,
    } as const;
    expect(await core.handlers['printer.testPage']({ printer: draft })).toMatchObject({
      printed: true,
      after: 'ready',
    });
    await useVirtualPrinter();
    const day = localDayOf(Date.now(), systemTimeZone());
    expect(await core.handlers['printer.printDayReport']({ day })).toEqual({ printed: true, via: 'printer' });
    expect(sim.jobs).toHaveLength(2);
    expect(sim.jobs[1]!.items.some((item) => item.type === 'text' && item.text === 'End-of-day report')).toBe(true);
  });
});
