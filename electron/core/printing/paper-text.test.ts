import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import { closeOpenedCores, openCore, paidPayment } from '../core.test-helper.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';
import type { PrinterCodePage } from '../../printing-sim/escpos-decoder.ts';
import { printedWidth } from './escpos-layout.ts';
import { paperText } from './paper-text.ts';

// Text on its way to the printer carries no printer command. A refund reason holding ESC p (the drawer pulse)
// would open the cash drawer as the slip prints; an LF would print a line of the attacker's choosing. The contract
// and the register API refuse such text now, but a reason journalled before they did, a provider's answer or a
// future field reaches the paper all the same: the layout itself must carry words only.

/** ESC p 0 25 250: a drawer pulse (50 ms on, 500 ms off); as text its last byte is ú, which only GB18030 has. */
const DRAWER_PULSE = '\x1bp\x00\x19\xfa';
const FORGED = 'REFUND CANCELLED - NOTHING PAID';
const REASON = `damaged cup${DRAWER_PULSE}\n${FORGED}`;
const ADMIN_PIN = '73194028';
const SUPERVISOR_PIN = '48206913';

const printers: VirtualPrinter[] = [];
afterEach(async () => {
  await closeOpenedCores();
  for (const sim of printers.splice(0)) await sim.close();
});

/** A till printing on a virtual printer of that code page, with one refund whose reason carries commands. */
async function refundSlipPrinted(codePage: PrinterCodePage, locale: 'en' | 'zh-Hans') {
  const { core, dir } = await openCore();
  const sim = await startVirtualPrinter({ folder: `${dir}/printed`, codePage });
  printers.push(sim);
  await core.handlers['settings.save']({
    settings: { locale, printer: { kind: 'network', host: '127.0.0.1', port: sim.port, widthMm: 80 } },
    secrets: { adminPin: ADMIN_PIN, supervisorPin: SUPERVISOR_PIN },
  });
  const referenceId = await paidPayment(core);
  // The handler itself, past the contract's schema: as a reason journalled by an earlier version reaches it.
  await core.handlers['payments.refund']({
    referenceId,
    amountMinor: 100,
    reason: REASON,
    supervisorPin: SUPERVISOR_PIN,
  });
  expect(await core.handlers['receipts.print']({ referenceId, kind: 'refund-slip' })).toEqual({
    printed: true,
    via: 'printer',
  });
  await sim.idle();
  return { sim, core: core as Core };
}

const textOf = (sim: VirtualPrinter): string[] =>
  sim.jobs.flatMap((job) => job.items.flatMap((item) => (item.type === 'text' ? [item.text] : [])));

describe('text on the paper carries no printer command', () => {
  it('a refund reason with ESC p and LF prints as words on a Big5 printer: no drawer pulse, no forged line', async () => {
    const { sim } = await refundSlipPrinted('big5', 'en');
    expect(sim.drawerKicks()).toEqual([]);
    expect(sim.jobs).toHaveLength(1);
    expect(sim.jobs[0]!.unknown).toEqual([]);
    const text = textOf(sim);
    expect(text).not.toContain(FORGED);
    // The reason stays one line: every control a space, ú a "?" (Big5 has no ú).
    expect(text).toContain(`  damaged cup p  ? ${FORGED}`);
  });

  it('does the same on a GB18030 printer for a zh-Hans till', async () => {
    const { sim } = await refundSlipPrinted('gb18030', 'zh-Hans');
    expect(sim.drawerKicks()).toEqual([]);
    expect(sim.jobs[0]!.unknown).toEqual([]);
    const text = textOf(sim);
    expect(text).not.toContain(FORGED);
    expect(text).toContain(`  damaged cup p  ú ${FORGED}`);
  });

  it('a shift note with an LF forges no Net line on the Z report', async () => {
    const { core, dir } = await openCore();
    const sim = await startVirtualPrinter({ folder: `${dir}/printed` });
    printers.push(sim);
    await core.handlers['settings.save']({
      settings: { printer: { kind: 'network', host: '127.0.0.1', port: sim.port, widthMm: 80 } },
    });
    // Past the contract's schema, as a note journalled by an earlier version reaches the report.
    const { shift } = await core.handlers['shifts.open']({ note: 'till 2\nNet                         S$999.00' });
    await paidPayment(core);
    await core.handlers['shifts.close']({});
    expect(await core.handlers['printer.printShiftReport']({ id: shift.id })).toEqual({
      printed: true,
      via: 'printer',
    });
    await sim.idle();
    const z = textOf(sim);
    expect(z).toContain('Z report (shift closed) #1');
    expect(z.filter((line) => line.startsWith('Net'))).toHaveLength(1);
    expect(
      z.some((line) => line.startsWith('Note') && line.endsWith('till 2 Net                         S$999.00')),
    ).toBe(true);
  });

  it('turns every C0, DEL and C1 control into a space, and counts it as the one column a space takes', () => {
    const controls = [...Array(0x20).keys(), 0x7f, ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i)]
      .map((code) => String.fromCharCode(code))
      .join('');
    expect(paperText(`a${controls}b`)).toBe(`a${' '.repeat(65)}b`);
    expect(paperText('S$\u00a012.34\u2009收據')).toBe('S$ 12.34 收據');
    expect(printedWidth('a\x1bp\u0085b')).toBe(5);
  });
});
