import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/money.ts';
import type { Core } from '../core-api.ts';
import { createCore } from '../core.ts';
import { paidPayment } from '../core.test-helper.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// A shift's X and Z reports through the whole core onto the virtual ESC/POS printer (a real socket): the Z is
// printed from the report kept at the close, and a second print of it says Copy.

let dir: string;
let core: Core;
let sim: VirtualPrinter;

beforeEach(async () => {
  dir = tempFolder('printing-shift-');
  sim = await startVirtualPrinter({ folder: join(dir, 'printed') });
  core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
  });
  await core.handlers['settings.save']({
    settings: { printer: { kind: 'network', host: '127.0.0.1', port: sim.port, widthMm: 80 } },
  });
});
afterEach(async () => {
  await core.close();
  await sim.close();
  removeFolder(dir);
});

const textsOf = (job: (typeof sim.jobs)[number]): string[] =>
  job.items.flatMap((item) => (item.type === 'text' ? [item.text] : []));

describe('printer.printShiftReport', () => {
  it('prints the X report of the open shift, then the Z as kept, and a second Z as a copy', async () => {
    const { shift } = await core.handlers['shifts.open']({ note: 'till 2' });
    await paidPayment(core);
    expect(await core.handlers['printer.printShiftReport']({ id: shift.id })).toEqual({
      printed: true,
      via: 'printer',
    });
    const x = textsOf(sim.jobs[0]!);
    expect(x).toContain('X report (shift so far) #1');
    const closed = (await core.handlers['shifts.close']({})).shift;
    await core.handlers['printer.printShiftReport']({ id: shift.id });
    await core.handlers['printer.printShiftReport']({ id: shift.id });
    const [z, copy] = [textsOf(sim.jobs[1]!), textsOf(sim.jobs[2]!)];
    expect(z).toContain('Z report (shift closed) #1');
    const net = formatMoney(closed.report.net, 'en');
    expect(closed.report.net.amountMinor).toBe(1234);
    expect(z.some((line) => line.startsWith('Net') && line.endsWith(net))).toBe(true);
    expect(z.some((line) => line.startsWith('Note') && line.endsWith('till 2'))).toBe(true);
    expect(z).not.toContain('*** COPY ***');
    expect(copy).toContain('*** COPY ***');
    await expect(core.handlers['printer.printShiftReport']({ id: 'SHIFT-9-NOWHERE' })).rejects.toMatchObject({
      code: 'shift.not-found',
    });
  });
});
