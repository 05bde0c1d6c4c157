import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startVirtualPrinter, type VirtualPrinter } from '../../../electron/printing-sim/virtual-printer.ts';
import { removeFolder, tempFolder } from '../../../electron/testing/helpers.ts';
import { App } from '../../App.tsx';
import { openCoreBridge, type CoreBridge } from '../../test/core-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// "Open drawer (no sale)" on the Sale screen, against the real core and the virtual ESC/POS printer: offered to a
// supervisor (the drawer right), who gives the reason; not offered to a cashier (the core refuses them anyway:
// electron/core/printing/drawer-opening-core.test.ts). The shift's X report lists the opening.

const ADMIN_PIN = '864209';
let folder: string;
let sim: VirtualPrinter;

beforeEach(async () => {
  folder = tempFolder('drawer-screen-');
  sim = await startVirtualPrinter({ folder });
});
afterEach(async () => {
  await sim.close();
  removeFolder(folder);
});

async function tillWithDrawer(): Promise<CoreBridge> {
  const bridge = await openCoreBridge({ secrets: { adminPin: ADMIN_PIN } });
  const steps = [
    await bridge['settings.verifyPin']({ kind: 'admin', pin: ADMIN_PIN }),
    await bridge['staff.save']({ name: 'Wing', role: 'supervisor', pin: '2468' }),
    await bridge['staff.save']({ name: 'Ann', role: 'cashier', pin: '1357' }),
    await bridge['settings.save']({
      settings: {
        printer: { kind: 'network', host: '127.0.0.1', port: sim.port, widthMm: 80, drawerOnMs: 100, drawerOffMs: 200 },
        staff: { signInRequired: true },
      },
    }),
  ];
  for (const step of steps) if (!step.ok) throw new Error(step.error.code);
  return bridge;
}

async function signIn(pin: string): Promise<void> {
  await screen.findByTestId('sign-in-screen');
  for (const digit of pin) fireEvent.click(screen.getByTestId(`pin-key-${digit}`));
  fireEvent.click(screen.getByTestId('sign-in-submit'));
  await screen.findByTestId('signed-in-as');
  await screen.findByTestId('sale-screen');
}

describe('Open drawer (no sale)', () => {
  it('is not offered to a cashier', async () => {
    renderWithBridge(<App />, await tillWithDrawer());
    await signIn('1357');
    expect(screen.queryByTestId('drawer-open')).toBeNull();
  });

  it('opens the drawer for a supervisor with their reason, and the X report lists it', async () => {
    const bridge = await tillWithDrawer();
    renderWithBridge(<App />, bridge);
    await signIn('2468');
    const shift = await bridge['shifts.open']({});
    expect(shift.ok).toBe(true);
    fireEvent.click(screen.getByTestId('drawer-open'));
    expect((screen.getByTestId('drawer-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('drawer-reason'), { target: { value: 'change for the float' } });
    fireEvent.click(screen.getByTestId('drawer-confirm'));
    expect((await screen.findByTestId('drawer-opened')).textContent).toContain('The drawer is open');
    await waitFor(() => expect(sim.drawerKicks()).toEqual([{ onMs: 100, offMs: 200 }]));
    const current = await bridge['shifts.current']({});
    expect(current.ok && current.value.shift?.report.drawerOpenings).toEqual([
      { at: expect.any(String), by: { id: expect.any(String), name: 'Wing' }, reason: 'change for the float' },
    ]);
  });
});
