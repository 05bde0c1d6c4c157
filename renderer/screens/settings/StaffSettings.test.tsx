import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '../../../shared/staff.ts';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge, scannerTypes } from '../../test/render.test-helper.tsx';

const PEOPLE: StaffMember[] = [
  { id: 'admin', name: 'Admin', role: 'admin', active: true, hasPin: true, hasBadge: false },
  { id: 'supervisor', name: 'Supervisor', role: 'supervisor', active: true, hasPin: true, hasBadge: false },
  { id: 'staff-wing', name: 'Wing', role: 'cashier', active: true, hasPin: true, hasBadge: true },
];

async function openStaffSection() {
  const bridge = createFakeBridge();
  bridge.override('staff.list', () => ({ ok: true, value: { staff: PEOPLE } }));
  bridge.override('staff.save', () => ({ ok: true, value: { id: 'staff-new' } }));
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByTestId('settings-tab-staff'));
  await screen.findByTestId('staff-table');
  return bridge;
}

describe('Settings → Staff', () => {
  it('lists the people with their role and whether they may sign in, and the roles’ rights as a table', async () => {
    await openStaffSection();
    const rows = screen.getAllByTestId('staff-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Admin', 'Supervisor', 'Wing']);
    expect(rows[2]!.textContent).toContain('Cashier');
    const rights = screen.getByTestId('role-rights');
    const refund = rights.querySelector('[data-right="refund"]')!;
    expect([...refund.querySelectorAll('td')].map((cell) => cell.getAttribute('data-has'))).toEqual([
      'false',
      'true',
      'true',
    ]);
    expect(refund.querySelector('th')!.textContent).toBe('refund');
  });

  it('adds a person: the PIN typed twice, checked before it is sent, never kept on screen; a badge by scanning it', async () => {
    const bridge = await openStaffSection();
    fireEvent.click(screen.getByTestId('staff-add'));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(screen.getByText('Type the person’s name.')).toBeDefined();
    expect(screen.getByText('A new person needs a PIN.')).toBeDefined();

    fireEvent.change(screen.getByTestId('staff-name'), { target: { value: ' Mei ' } });
    fireEvent.change(screen.getByTestId('staff-role'), { target: { value: 'supervisor' } });
    fireEvent.change(screen.getByTestId('staff-pin'), { target: { value: '12a4' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(screen.getByText('A PIN is 4 to 8 digits, nothing else.')).toBeDefined();
    fireEvent.change(screen.getByTestId('staff-pin'), { target: { value: '135790' } });
    fireEvent.change(screen.getByTestId('staff-pin-again'), { target: { value: '135791' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(screen.getByText('The two PINs are not the same.')).toBeDefined();
    fireEvent.change(screen.getByTestId('staff-pin-again'), { target: { value: '135790' } });

    fireEvent.click(screen.getByTestId('staff-badge-scan'));
    await screen.findByTestId('staff-badge-waiting');
    scannerTypes(document.body, 'BADGE-MEI-01', 20_000);
    await waitFor(() => expect(screen.getByTestId('staff-badge-state').textContent).toContain('New badge read'));
    expect(bridge.callsTo('staff.save')).toEqual([]);

    // Enter in a field saves the person, not the settings form around it.
    fireEvent.keyDown(screen.getByTestId('staff-name'), { key: 'Enter' });
    expect((await screen.findByTestId('staff-message')).textContent).toBe('Mei saved.');
    expect(bridge.callsTo('staff.save')).toEqual([
      { name: 'Mei', role: 'supervisor', active: true, pin: '135790', badgeCode: 'BADGE-MEI-01' },
    ]);
    expect(bridge.callsTo('settings.save')).toEqual([]);
    expect(screen.queryByTestId('staff-editor')).toBeNull();
  });

  it('edits keep the PIN when none is typed; deactivating saves the person inactive at once', async () => {
    const bridge = await openStaffSection();
    fireEvent.click(screen.getAllByTestId('staff-edit')[2]!);
    expect(screen.getByTestId('staff-badge-state').textContent).toBe('A badge is set');
    fireEvent.change(screen.getByTestId('staff-name'), { target: { value: 'Wing Chan' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('staff-message');
    expect(bridge.callsTo('staff.save').at(-1)).toEqual({
      id: 'staff-wing',
      name: 'Wing Chan',
      role: 'cashier',
      active: true,
    });

    fireEvent.click(screen.getAllByTestId('staff-deactivate')[2]!);
    await waitFor(() => expect(screen.getByTestId('staff-message').textContent).toBe('Wing can no longer sign in.'));
    expect(bridge.callsTo('staff.save').at(-1)).toEqual({
      id: 'staff-wing',
      name: 'Wing',
      role: 'cashier',
      active: false,
    });
  });

  it('saves the sign-in settings with the rest of Settings (the core’s settings.save)', async () => {
    const bridge = await openCoreBridge();
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByTestId('settings-tab-staff'));
    fireEvent.click(screen.getByTestId('settings-staff-signInRequired'));
    fireEvent.change(screen.getByTestId('settings-staff-autoLockMinutes'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    const saved = await bridge['settings.get']({});
    expect(saved.ok && saved.value.settings.staff).toMatchObject({ signInRequired: true, autoLockMinutes: 10 });
  });

  it('"Sell only in a shift" comes on with sign-in, and can be turned off before saving', async () => {
    const bridge = await openCoreBridge();
    // A till whose settings never had it: off.
    expect((await bridge.settingsNow()).staff.shiftRequired).toBe(false);
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByTestId('settings-tab-staff'));
    const shiftRequired = screen.getByTestId('settings-staff-shiftRequired') as HTMLInputElement;
    expect(shiftRequired.checked).toBe(false);
    fireEvent.click(screen.getByTestId('settings-staff-signInRequired'));
    expect(shiftRequired.checked).toBe(true);
    fireEvent.click(shiftRequired);
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect((await bridge.settingsNow()).staff).toMatchObject({ signInRequired: true, shiftRequired: false });
  });
  it('turning sign-in on proposes signing out after 10 idle minutes, which the admin can change', async () => {
    const bridge = await openCoreBridge();
    expect((await bridge.settingsNow()).staff.autoLockMinutes).toBe(0);
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByTestId('settings-tab-staff'));
    const autoLock = screen.getByTestId('settings-staff-autoLockMinutes') as HTMLInputElement;
    fireEvent.click(screen.getByTestId('settings-staff-signInRequired'));
    expect(autoLock.value).toBe('10');
    fireEvent.change(autoLock, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect((await bridge.settingsNow()).staff).toMatchObject({ signInRequired: true, autoLockMinutes: 5 });
  });
  it('has one Save while a person is open: the save bar saves the person, then the settings changed', async () => {
    const bridge = await openStaffSection();
    const before = await bridge['settings.get']({});
    bridge.override('settings.save', ({ settings }) =>
      before.ok
        ? { ok: true, value: { ...before.value, settings: { ...before.value.settings, ...settings } } }
        : before,
    );
    fireEvent.click(screen.getAllByTestId('staff-edit')[2]!);
    const saves = screen.getAllByRole('button').filter((button) => /save/i.test(button.textContent ?? ''));
    expect(saves.map((button) => button.dataset['testid'])).toEqual(['settings-save']);
    fireEvent.change(screen.getByTestId('staff-name'), { target: { value: 'Wing Chan' } });
    fireEvent.click(screen.getByTestId('settings-staff-cashierOnReceipt'));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('staff-message')).textContent).toBe('Wing Chan saved.');
    await screen.findByTestId('settings-message');
    expect(bridge.callsTo('staff.save')).toEqual([
      { id: 'staff-wing', name: 'Wing Chan', role: 'cashier', active: true },
    ]);
    expect(bridge.callsTo('settings.save')).toEqual([
      { settings: { staff: expect.objectContaining({ cashierOnReceipt: true }) } },
    ]);
  });
});
