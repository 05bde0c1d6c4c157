import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings → Register on the shop network: a damaged certificate or key is said, with "Make a new certificate"
// right under it, and the new pin is shown once it is made; a sound certificate is replaced only once the admin
// confirms (every register must pin the new one).

/**
 * A till on the shop network as the core answers for it: its certificate (damaged or not), and a new one, with
 * another fingerprint and pin, each time one is made.
 */
function shopNetworkTill(options: { damaged?: boolean } = {}) {
  const bridge = createFakeBridge();
  let damaged = options.damaged ?? false;
  let made = 0;
  const certificate = () => ({
    sha256Fingerprint: `AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:${made.toString(16).padStart(2, '0').toUpperCase()}`,
    publicKeyPin: `${'qrstuvwxyz'[made % 10]}83vASNFZ4mrze8BI0VniavN7wEjRWeJq83vASNFZ4k=`,
    notAfter: '2036-01-01T00:00:00.000Z',
  });
  bridge.override('ecr.status', () => ({
    ok: true,
    value: {
      enabled: true,
      baseUrl: damaged ? null : 'https://192.0.2.10:8711/ecr/v1',
      problem: null,
      keysProblem: null,
      certificateProblem: damaged ? 'unreadable' : null,
      certificate: damaged ? null : certificate(),
    },
  }));
  bridge.override('ecr.newCertificate', () => {
    made += 1;
    damaged = false;
    return { ok: true, value: certificate() };
  });
  return bridge;
}

async function openRegisterTab(bridge: ReturnType<typeof createFakeBridge>, tab = 'Register'): Promise<void> {
  bridge.settings = {
    ...bridge.settings,
    ecr: { ...bridge.settings.ecr, enabled: true, network: 'shop-network' },
  };
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
}

describe('Settings → Register: the shop network’s certificate', () => {
  it('a damaged one is said with "Make a new certificate"; the new pin is shown', async () => {
    await openRegisterTab(shopNetworkTill({ damaged: true }));
    const problem = await screen.findByTestId('settings-ecr-certificate-unreadable');
    expect(problem.textContent).toMatch(
      /^Not listening: this till’s certificate for the shop network, or its private key, is damaged\./,
    );
    expect(screen.queryByTestId('settings-ecr-fingerprint')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Make a new certificate' }));
    expect((await screen.findByTestId('settings-ecr-fingerprint')).textContent).toMatch(/^AB:CD:.*:01$/);
    expect(screen.getByTestId('settings-ecr-public-key-pin').textContent).toMatch(/^r83v/);
    expect(screen.getByTestId('settings-ecr-certificate-renewed').textContent).toContain('Pin the fingerprint');
    await waitFor(() => expect(screen.queryByTestId('settings-ecr-certificate-unreadable')).toBeNull());
    expect(screen.getByTestId('settings-ecr-address').textContent).toMatch(/^https:\/\//);
  });

  it('a sound one is replaced only once the admin confirms', async () => {
    await openRegisterTab(shopNetworkTill());
    const before = (await screen.findByTestId('settings-ecr-fingerprint')).textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Make a new certificate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep this one' }));
    expect(screen.getByTestId('settings-ecr-fingerprint').textContent).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: 'Make a new certificate' }));
    expect(screen.getByTestId('settings-ecr-new-certificate-confirm').textContent).toContain(
      'stops connecting until it pins the new one',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes, make a new certificate' }));
    await waitFor(() => expect(screen.getByTestId('settings-ecr-fingerprint').textContent).not.toBe(before));
    expect(screen.getByTestId('settings-ecr-certificate-renewed')).toBeTruthy();
  });

  it('says it in Traditional Chinese too', async () => {
    const bridge = shopNetworkTill({ damaged: true });
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    await openRegisterTab(bridge, '收銀系統');
    expect((await screen.findByTestId('settings-ecr-certificate-unreadable')).textContent).toMatch(/^未能接受連線：/);
    expect(screen.getByRole('button', { name: '製作新憑證' })).toBeTruthy();
  });
});
