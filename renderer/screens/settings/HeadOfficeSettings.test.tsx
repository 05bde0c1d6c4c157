import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge, FAKE_TILL_ID, type FakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings → Head office as the core answers it: the URL write-only like the provider's key, Test connection in
// words (the server's and the schema's versions, or the problem), the till's id, and a copied till enrolled as a
// new one after a confirm. About shows the till's id too.

const NEW_TILL_ID = '4e0d2f7a-9b1c-4c3d-8e5f-112233445566';

async function openHeadOffice(bridge: FakeBridge): Promise<HTMLElement> {
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByTestId('settings-tab-headOffice'));
  const panel = screen.getByTestId('settings-panel-headOffice');
  expect(panel.hidden).toBe(false);
  return panel;
}

describe('Settings → Head office', () => {
  it('shows the URL as stored, never its value, and the till’s id', async () => {
    const panel = await openHeadOffice(createFakeBridge({ secrets: { headOfficeUrl: 'postgres://till@ho/chain' } }));
    expect(within(panel).getByTestId('secret-status-headOfficeUrl').textContent).toBe('saved');
    expect((within(panel).getByTestId('settings-headOfficeUrl') as HTMLInputElement).value).toBe('');
    expect(panel.textContent).not.toContain('postgres://till@ho');
    expect((await within(panel).findByTestId('head-office-till-id')).textContent).toBe(FAKE_TILL_ID);
    expect(within(panel).queryByTestId('head-office-clone')).toBeNull();
  });

  it('tests the URL typed, before it is saved, and says the problem in words', async () => {
    const bridge = createFakeBridge();
    bridge.override('headOffice.test', () => ({
      ok: true,
      value: { ok: false, problem: 'refused-login', serverVersion: null, schemaVersion: null, tillSchemaVersion: 1 },
    }));
    const panel = await openHeadOffice(bridge);
    fireEvent.change(within(panel).getByTestId('settings-headOfficeUrl'), {
      target: { value: 'postgres://till:wrong@ho.example:5432/chain?sslmode=require' },
    });
    fireEvent.click(within(panel).getByTestId('head-office-test'));
    const result = await within(panel).findByTestId('head-office-test-result');
    expect(bridge.callsTo('headOffice.test')).toEqual([
      { url: 'postgres://till:wrong@ho.example:5432/chain?sslmode=require' },
    ]);
    expect(result.dataset.problem).toBe('refused-login');
    expect(result.textContent).toBe(
      'The head office refused the login: check the user and password in the URL.' +
        'Server: unknownSchema version: none (this till writes 1)',
    );
  });

  it('tests the saved URL when none is typed, and shows the server’s and the schema’s versions', async () => {
    const bridge = createFakeBridge({ secrets: { headOfficeUrl: 'postgres://till@ho/chain' } });
    bridge.override('headOffice.test', () => ({
      ok: true,
      value: { ok: true, problem: null, serverVersion: 'PostgreSQL 17.2', schemaVersion: 1, tillSchemaVersion: 1 },
    }));
    const panel = await openHeadOffice(bridge);
    fireEvent.click(within(panel).getByTestId('head-office-test'));
    const result = await within(panel).findByTestId('head-office-test-result');
    expect(bridge.callsTo('headOffice.test')).toEqual([{}]);
    expect(result.dataset.ok).toBe('true');
    expect(result.textContent).toBe(
      'The head office answered and this till can write to it.Server: PostgreSQL 17.2Schema version: 1 (this till writes 1)',
    );
  });

  it('a copied till is enrolled as a new one only after the admin confirms', async () => {
    const bridge = createFakeBridge();
    bridge.override('headOffice.identity', () => ({ ok: true, value: { tillId: FAKE_TILL_ID, cloneSuspected: true } }));
    bridge.override('headOffice.enrol', () => ({ ok: true, value: { tillId: NEW_TILL_ID, cloneSuspected: false } }));
    const panel = await openHeadOffice(bridge);
    const clone = await within(panel).findByTestId('head-office-clone');
    expect(clone.textContent).toContain('copied from another till');

    fireEvent.click(within(clone).getByTestId('head-office-enrol'));
    const dialog = within(clone).getByRole('alertdialog');
    expect(dialog.textContent).toContain('Enrol this till as a new till?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('headOffice.enrol')).toEqual([]);

    fireEvent.click(within(clone).getByTestId('head-office-enrol'));
    fireEvent.click(within(panel).getByTestId('head-office-enrol-yes'));
    expect((await within(panel).findByTestId('head-office-enrolled')).textContent).toBe(
      'Enrolled: this till now sends under its new id.',
    );
    expect(bridge.callsTo('headOffice.enrol')).toEqual([{}]);
    expect(within(panel).getByTestId('head-office-till-id').textContent).toBe(NEW_TILL_ID);
    expect(within(panel).queryByTestId('head-office-clone')).toBeNull();
  });
});

describe('Settings → Head office: how it is doing', () => {
  it('says nothing while off; when on, its state, what waits and the problem, live', async () => {
    const off = createFakeBridge();
    const view = await openHeadOffice(off);
    expect(within(view).queryByTestId('head-office-state')).toBeNull();
    cleanup();

    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, headOffice: { enabled: true, shopId: 'orchard' } };
    const panel = await openHeadOffice(bridge);
    expect((await within(panel).findByTestId('head-office-state')).textContent).toBe(
      'Now: connected, 0 waiting to be sent.',
    );
    act(() =>
      bridge.emit('headOffice.changed', {
        state: 'failing',
        pendingEvents: 4,
        lastSentAt: '2026-11-22T10:00:00.000Z',
        problem: 'schema-newer',
      }),
    );
    expect(within(panel).getByTestId('head-office-state').textContent).toMatch(
      /^Now: not reachable, 4 waiting to be sent\. Last sent 22\/11\/2026, \d\d:00:00\. The head office was set up by a newer version/,
    );
  });
});

describe('Settings → About', () => {
  it('shows the till’s id', async () => {
    renderWithBridge(<App />, createFakeBridge());
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByTestId('settings-tab-about'));
    expect((await screen.findByTestId('about-till-id')).textContent).toBe(`Till id${FAKE_TILL_ID}`);
  });
});
