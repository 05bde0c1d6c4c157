import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildShiftReport } from '../../../shared/shift-report-document.ts';
import type { Core } from '../core-api.ts';
import { closeOpenedCores, openCore } from '../core.test-helper.ts';
import { dispatch } from '../dispatch.ts';
import { startVirtualPrinter, type VirtualPrinter } from '../../printing-sim/virtual-printer.ts';

// "Open drawer (no sale)" through the whole core (issue 38, 4): the drawer right is the core's to check, whoever
// calls, so a cashier who calls the channel directly (not through the screen, which hides the button) is refused
// and the printer is never told to kick; a supervisor's opening is kicked on the ESC/POS printer and recorded with
// the shift, and the X and Z reports list it: when, who, why.

const ADMIN = '8642';
const SUPERVISOR = '4821';
const CASHIER = '1111';

let core: Core;
let sim: VirtualPrinter;

beforeEach(async () => {
  let dir: string;
  ({ core, dir } = await openCore());
  sim = await startVirtualPrinter({ folder: join(dir, 'printed') });
  const save = async (channel: string, payload: unknown) => {
    const answer = await dispatch(core.handlers, channel, payload);
    expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
  };
  await save('settings.save', {
    secrets: { adminPin: ADMIN, supervisorPin: SUPERVISOR },
    settings: {
      printer: { kind: 'network', host: '127.0.0.1', port: sim.port, widthMm: 80, drawerOnMs: 100, drawerOffMs: 200 },
    },
  });
  await save('staff.save', { name: 'Ann', role: 'cashier', pin: CASHIER });
  await save('settings.save', { settings: { staff: { signInRequired: true } } });
});
afterEach(async () => {
  await closeOpenedCores();
  await sim.close();
});

const signIn = (pin: string) => core.handlers['session.signIn']({ pin });

describe('printer.openDrawer', () => {
  it('refuses a cashier calling the channel directly, and kicks nothing', async () => {
    await signIn(CASHIER);
    await core.handlers['shifts.open']({});
    const refused = await dispatch(core.handlers, 'printer.openDrawer', { reason: 'just looking' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'auth.not-allowed' } });
    await sim.idle();
    expect(sim.drawerKicks()).toEqual([]);
    expect((await core.handlers['shifts.current']({})).shift?.report.drawerOpenings).toEqual([]);
  });

  it("opens the drawer for a supervisor and the shift's X and Z list who, when and why", async () => {
    await signIn(CASHIER);
    await core.handlers['shifts.open']({});
    const { staff: sue } = await signIn(SUPERVISOR);
    expect(await core.handlers['printer.openDrawer']({ reason: 'change for the float' })).toEqual({ opened: true });
    await sim.idle();
    expect(sim.drawerKicks()).toEqual([{ onMs: 100, offMs: 200 }]);

    const x = (await core.handlers['shifts.current']({})).shift!;
    expect(x.report.drawerOpenings).toEqual([
      { at: expect.any(String), by: { id: sue.id, name: sue.name }, reason: 'change for the float' },
    ]);
    const z = (await core.handlers['shifts.close']({})).shift;
    expect(z.report.drawerOpenings).toEqual(x.report.drawerOpenings);

    // The built-in supervisor is shown by their role, in the till's language.
    for (const [locale, title, who] of [
      ['en', 'Drawer opened (no sale)', 'Supervisor'],
      ['zh-HK', '開錢箱（非銷售）', '主管'],
    ] as const) {
      const paper = buildShiftReport({
        shift: z,
        merchantName: 'Shop',
        terminal: { posId: 'POS-1', terminalReference: '' },
        locale,
        printedAt: z.closedAt!,
      });
      const section = paper.sections.find((s) => s.key === 'drawerOpenings')!;
      expect(section.title).toBe(title);
      expect(section.rows.map((row) => row.label)[1]).toBe('change for the float');
      expect(section.rows[0]!.label).toMatch(new RegExp(` ${who}$`));
    }
  });
});
