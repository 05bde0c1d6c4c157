import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import type { PosBridge } from '../../../shared/contract.ts';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { ADMIN_PIN, renderWithBridge, unlockSettings } from '../../test/render.test-helper.tsx';

const NO_SECRETS = {
  accessKeySecret: false,
  supervisorPin: false,
  adminPin: false,
  tokenizedMerchantSecret: false,
  headOfficeUrl: false,
};
const CERTIFICATE = {
  sha256Fingerprint: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
  publicKeyPin: 'q83vASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4k=',
  notAfter: '2036-01-01T00:00:00.000Z',
};

/** Opens Settings → Register; on a till with an admin PIN, `adminPin` unlocks Settings first. */
async function openRegisterSection<B extends PosBridge>(bridge: B, adminPin?: string): Promise<B> {
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  if (adminPin) await unlockSettings(adminPin);
  fireEvent.click(await screen.findByRole('tab', { name: 'Register' }));
  return bridge;
}

describe('Settings → Register connection', () => {
  for (const [locale, tab, said] of [
    [
      'en',
      'Register',
      'Not listening: Another program on this computer took port 8710, so registers cannot connect. Choose another port and save, or close that program and save again.',
    ],
    ['zh-HK', '收銀系統', '未能接受連線：此電腦上另一個程式佔用了連接埠 8710，收銀系統無法連線。'],
  ] as const) {
    it(`says in words why the connection is on but not listening: a port another program took (${locale})`, async () => {
      const bridge = createFakeBridge();
      bridge.settings = { ...bridge.settings, locale, ecr: { ...bridge.settings.ecr, enabled: true } };
      bridge.override('ecr.status', () => ({
        ok: true,
        value: {
          enabled: true,
          baseUrl: null,
          problem: { key: 'ecr.port-in-use', params: { port: 8710 } },
          certificate: null,
          keysProblem: null,
          certificateProblem: null,
        },
      }));
      renderWithBridge(<App />, bridge, locale);
      fireEvent.click(await screen.findByTestId('nav-settings'));
      fireEvent.click(await screen.findByRole('tab', { name: tab }));
      const state = await screen.findByTestId('settings-ecr-state');
      await waitFor(() => expect(state.textContent).toContain(said));
      expect(state.getAttribute('role')).toBe('status');
    });
  }

  it('turns the connection on for the shop network and shows the certificate fingerprint to pin', async () => {
    const bridge = createFakeBridge();
    // The core's answers: the settings saved, then the listener on the shop network with its certificate.
    bridge.override('settings.save', ({ settings }) => {
      bridge.settings = { ...bridge.settings, ecr: { ...bridge.settings.ecr, ...(settings?.ecr as object) } };
      const view = {
        settings: bridge.settings,
        secrets: NO_SECRETS,
        demo: true,
        vaultUnreadable: false,
        pinLockouts: [],
      };
      bridge.emit('settings.changed', view);
      return { ok: true, value: view };
    });
    bridge.override('ecr.status', () => ({
      ok: true,
      value: {
        enabled: bridge.settings.ecr.enabled,
        baseUrl: bridge.settings.ecr.enabled ? 'https://192.0.2.10:8711/ecr/v1' : null,
        problem: null,
        keysProblem: null,
        certificateProblem: null,
        certificate: bridge.settings.ecr.enabled ? CERTIFICATE : null,
      },
    }));
    await openRegisterSection(bridge);
    const panel = screen.getByTestId('settings-panel-register');
    expect(within(panel).getByTestId('settings-ecr-state').textContent).toBe('The register connection is off.');
    fireEvent.click(within(panel).getByLabelText('Register connection on'));
    fireEvent.change(within(panel).getByLabelText('Who may connect'), { target: { value: 'shop-network' } });
    fireEvent.change(within(panel).getByLabelText('Port'), { target: { value: '8711' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect(bridge.callsTo('settings.save')).toEqual([
      { settings: { ecr: { enabled: true, port: 8711, network: 'shop-network', refundsAllowed: false } } },
    ]);
    expect((await screen.findByTestId('settings-ecr-address')).textContent).toBe('https://192.0.2.10:8711/ecr/v1');
    expect(screen.getByTestId('settings-ecr-fingerprint').textContent).toMatch(/^AB:CD:EF/);
    expect(screen.getByTestId('settings-ecr-public-key-pin').textContent).toMatch(/=$/);
  });

  it('makes a key that is shown once, lists keys with their use, and revokes one', async () => {
    // A register key is made only on a till with an admin PIN.
    const bridge = await openRegisterSection(await openCoreBridge({ secrets: { adminPin: ADMIN_PIN } }), ADMIN_PIN);
    expect(screen.getByText('No keys yet: a register needs one to connect.')).toBeDefined();
    fireEvent.change(screen.getByLabelText('Name of the new key (e.g. the register it is for)'), {
      target: { value: 'Front register' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const shown = (await screen.findByLabelText('New key for Front register')) as HTMLInputElement;
    expect(shown.value).toMatch(/^ecr_[A-Za-z0-9_-]{43}$/);
    const row = screen.getByTestId('settings-ecr-key');
    expect(within(row).getByRole('rowheader').textContent).toBe('Front register');
    expect(row.textContent).toContain('never');
    // A second key of the same name is refused with the reason.
    fireEvent.change(screen.getByLabelText('Name of the new key (e.g. the register it is for)'), {
      target: { value: 'Front register' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('settings-ecr-error')).textContent).toMatch(/already exists/);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key “Front register”' }));
    expect((await screen.findByTestId('settings-ecr-revoked')).textContent).toBe(
      'The key “Front register” no longer works.',
    );
    expect(screen.queryByTestId('settings-ecr-key')).toBeNull();
    expect(screen.queryByLabelText('New key for Front register')).toBeNull();
    expect(bridge.callsTo('ecr.revokeKey')).toEqual([{ name: 'Front register' }]);
  });

  it('is behind the admin PIN like the rest of Settings', async () => {
    const bridge = createFakeBridge({ secrets: { adminPin: '9753' } });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    await screen.findByTestId('settings-locked');
    expect(screen.queryByRole('tab', { name: 'Register' })).toBeNull();
    await waitFor(() => expect(bridge.callsTo('ecr.keys')).toEqual([]));
  });
});
