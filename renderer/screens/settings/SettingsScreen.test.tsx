import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import type { PosBridge } from '../../../shared/contract.ts';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { ADMIN_PIN, renderWithBridge, unlockSettings } from '../../test/render.test-helper.tsx';

// Settings against the real core (its validation, its vault, its admin window), but for what only renders a
// given answer (Test connection's result, the environment list).

async function openSettings<B extends PosBridge>(bridge: B | Promise<B>): Promise<B> {
  const ready = await bridge;
  renderWithBridge(<App />, ready);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  return ready;
}

describe('settings screen', () => {
  it('shows stored secrets as "saved", never their value, and sends a typed secret only on save', async () => {
    // An admin PIN is set: the core stores a supervisor PIN only then.
    const bridge = await openSettings(
      openCoreBridge({ secrets: { adminPin: ADMIN_PIN, accessKeySecret: 'old-secret-value-1234' } }),
    );
    await unlockSettings();
    const secretInput = screen.getByLabelText('Access key secret') as HTMLInputElement;
    expect(secretInput.type).toBe('password');
    expect(secretInput.value).toBe('');
    expect(screen.getByTestId('secret-status-accessKeySecret').textContent).toBe('saved');
    expect(screen.getByTestId('secret-status-supervisorPin').textContent).toBe('not set');
    expect(document.body.innerHTML).not.toContain('old-secret-value-1234');

    fireEvent.change(secretInput, { target: { value: 'new-secret-value-5678' } });
    fireEvent.change(screen.getByLabelText('Supervisor PIN'), { target: { value: '2468' } });
    fireEvent.change(screen.getByLabelText('Type the new Supervisor PIN again'), { target: { value: '2468' } });
    fireEvent.click(screen.getByTestId('settings-save'));

    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    expect(bridge.callsTo('settings.save')).toEqual([
      { secrets: { accessKeySecret: 'new-secret-value-5678', supervisorPin: '2468' } },
    ]);
    expect(await bridge.vault.get('accessKeySecret')).toBe('new-secret-value-5678');
    // After saving, the fields are empty again and only say "saved".
    expect((screen.getByLabelText('Access key secret') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('secret-status-supervisorPin').textContent).toBe('saved');
    expect(document.body.innerHTML).not.toContain('new-secret-value-5678');
    expect(document.body.innerHTML).not.toContain('2468');
  });

  it('a language switch clears the last save message rather than leave it in the language just left', async () => {
    const bridge = await openSettings(openCoreBridge({ secrets: { adminPin: ADMIN_PIN } }));
    await unlockSettings();
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Nothing changed.');
    const switched = await bridge['settings.save']({ settings: { locale: 'ms' } });
    expect(switched.ok).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('settings-message')).toBeNull());
  });

  it('removes a secret only when asked, and says so before saving', async () => {
    const bridge = await openSettings(openCoreBridge({ secrets: { adminPin: ADMIN_PIN, supervisorPin: '1111' } }));
    await unlockSettings();
    fireEvent.click(screen.getByTestId('secret-remove-supervisorPin'));
    expect(screen.getByTestId('secret-status-supervisorPin').textContent).toBe('will be removed when you save');
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect(bridge.callsTo('settings.save')).toEqual([{ secrets: { supervisorPin: null } }]);
    expect(screen.getByTestId('secret-status-supervisorPin').textContent).toBe('not set');
  });

  it('saves only the settings that changed, keeping country and currency consistent', async () => {
    const bridge = await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    fireEvent.change(screen.getByLabelText('Merchant name'), { target: { value: 'Harbour Tea House' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'HK' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect(bridge.callsTo('settings.save')).toEqual([
      { settings: { merchantName: 'Harbour Tea House', country: 'HK', currency: 'HKD' } },
    ]);
    expect(screen.getByTestId('merchant-name').textContent).toBe('Harbour Tea House');
  });

  it('one kiosk setting, the mode: a kiosk shows its unpaid-QR time and no full-screen box; a cashier till the box and no QR time', async () => {
    const bridge = await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    fireEvent.click(screen.getByTestId('settings-tab-terminal'));
    expect((screen.getByLabelText(/Lock this till full screen/) as HTMLInputElement).type).toBe('checkbox');
    expect(screen.queryByTestId('settings-kioskUnpaidCancelSeconds')).toBeNull();

    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'kiosk' } });
    // A kiosk is always full screen: nothing to lock, and nothing to contradict the mode.
    expect(screen.queryByTestId('settings-kiosk')).toBeNull();
    const unpaid = screen.getByLabelText(/Kiosk: cancel an unpaid QR after/) as HTMLInputElement;
    expect(unpaid.value).toBe('90');
    fireEvent.change(unpaid, { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByTestId('settings-message');
    expect(bridge.callsTo('settings.save')).toEqual([{ settings: { mode: 'kiosk', kioskUnpaidCancelSeconds: 45 } }]);
  });

  it('on the demo, says the demo uses its own merchant and currency, so a country or credentials typed here are not taken for it', async () => {
    await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    const environment = screen.getByTestId('settings-environment');
    const hintId = environment.getAttribute('aria-describedby');
    expect(hintId).toBeTruthy();
    expect(document.getElementById(hintId!)!.textContent).toBe(
      'The demo uses its own merchant and terminal, paid in SGD. The credentials, terminal id and country below apply once you choose a real environment.',
    );
    fireEvent.change(environment, { target: { value: 'provider-sandbox' } });
    expect(environment.getAttribute('aria-describedby')).toBeNull();
  });

  it("offers Thailand labelled as listed only in the provider's older document, in both languages", async () => {
    await openSettings(createFakeBridge());
    await screen.findByTestId('settings-screen');
    const thailand = () =>
      screen.getByTestId('settings-environment').querySelector('option[value="th-production"]')!.textContent;
    expect(thailand()).toBe("Thailand production (listed only in the provider's older document)");
    expect(screen.getByTestId('settings-environment').querySelector('option[value="sg-production"]')!.textContent).toBe(
      'Singapore production',
    );
    cleanup();

    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    renderWithBridge(<App />, bridge, 'zh-HK');
    fireEvent.click(await screen.findByTestId('nav-settings'));
    await screen.findByTestId('settings-screen');
    expect(thailand()).toBe('泰國正式環境（只列於支付商較舊的文件）');
  });

  it('shows the linked-customer gateway only for a custom environment, and saves it with the webhook URL and listener port', async () => {
    // The terminal's credentials are on file: leaving the demo needs them.
    const bridge = await openSettings(
      openCoreBridge({
        settings: { accessKeyId: 'AK-TEST-1', posId: 'POS-7' },
        secrets: { accessKeySecret: 'secret' },
      }),
    );
    await screen.findByTestId('settings-screen');
    expect(screen.queryByLabelText('Linked-customer gateway URL (custom environment)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Environment'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Custom base URL'), { target: { value: 'https://au.example.com/posi' } });
    fireEvent.change(screen.getByLabelText('Linked-customer gateway URL (custom environment)'), {
      target: { value: 'https://gateway.example.com/merchant' },
    });
    fireEvent.change(screen.getByLabelText('Linked-customer webhook URL (public)'), {
      target: { value: 'https://till.example.com/hooks/orders' },
    });
    const port = screen.getByLabelText('Linked-customer webhook listener port (0 = off)') as HTMLInputElement;
    expect(port.value).toBe('0');
    fireEvent.change(port, { target: { value: '8788' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    expect(bridge.callsTo('settings.save')).toEqual([
      {
        settings: {
          environment: 'custom',
          customBaseUrl: 'https://au.example.com/posi',
          tokenized: {
            merchantId: '',
            callbackUrl: '',
            customBaseUrl: 'https://gateway.example.com/merchant',
            webhookUrl: 'https://till.example.com/hooks/orders',
            webhookListenPort: 8788,
          },
        },
      },
    ]);
    expect((await bridge.settingsNow()).tokenized.webhookListenPort).toBe(8788);
  });

  it('saves the in-store webhook URL with the port its listener uses on this till', async () => {
    const bridge = await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    fireEvent.change(screen.getByLabelText('Webhook URL'), {
      target: { value: 'https://till.example.com/hooks/instore' },
    });
    const port = screen.getByLabelText('Webhook listener port on this till (0 = off)') as HTMLInputElement;
    expect(port.value).toBe('0');
    fireEvent.change(port, { target: { value: '8789' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    expect(bridge.callsTo('settings.save')).toEqual([
      { settings: { webhookUrl: 'https://till.example.com/hooks/instore', webhookListenPort: 8789 } },
    ]);
  });

  it('shows the core’s field-level message next to the field it names', async () => {
    const bridge = await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    const gap = screen.getByLabelText('Longest gap between scanner keys (ms)');
    fireEvent.change(gap, { target: { value: '900' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-error')).dataset.errorCode).toBe('settings.invalid');
    expect(gap.getAttribute('aria-invalid')).toBe('true');
    const descriptions = gap
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('Enter 200 or less.');
    expect((await bridge.settingsNow()).scanner.maxInterKeyMs).toBe(35);
    expect(screen.getByTestId('settings-error').textContent).toBe('Not saved: 1 field to fix, marked where it is.');

    // Fixed: the save bar no longer says it was not saved for a field that is now fine.
    fireEvent.change(gap, { target: { value: '90' } });
    expect(gap.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByTestId('settings-error')).toBeNull();
  });

  it('asks for a new PIN twice and saves nothing while the two differ', async () => {
    const bridge = await openSettings(openCoreBridge({ secrets: { adminPin: ADMIN_PIN } }));
    await unlockSettings();
    fireEvent.change(screen.getByLabelText('Supervisor PIN'), { target: { value: '2468' } });
    const again = screen.getByLabelText('Type the new Supervisor PIN again');
    fireEvent.change(again, { target: { value: '2469' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(again.getAttribute('aria-invalid')).toBe('true'));
    const descriptions = again
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain('The two entries differ. Type the same PIN twice.');
    // The PINs section opens on its own, with its problem counted on the tab.
    expect(screen.getByTestId('settings-tab-pins').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('settings-tab-problems-pins').textContent).toContain('1');
    expect(bridge.callsTo('settings.save')).toEqual([]);
    fireEvent.change(again, { target: { value: '2468' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    expect(bridge.callsTo('settings.save')).toEqual([{ secrets: { supervisorPin: '2468' } }]);
  });

  it('refuses to save text in a number field, without calling the service', async () => {
    const bridge = await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    fireEvent.change(screen.getByLabelText('Shortest code (characters)'), { target: { value: 'eight' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Enter a whole number.');
    expect(bridge.callsTo('settings.save')).toEqual([]);
  });

  it('runs Test connection and shows what the core found', async () => {
    const bridge = createFakeBridge();
    const where = { environment: { key: 'environment.sg-production' }, host: 'pos.example' } as const;
    bridge.override('settings.testConnection', () => ({
      ok: true,
      value: {
        ...{ reachable: true, signatureAccepted: true, clockSkewMs: 80, latencyMs: 12 },
        notice: {
          key: 'connection.accepted-in-sync',
          params: { where: { key: 'connection.where', params: where }, duration: '1 s' },
        },
      },
    }));
    await openSettings(bridge);
    await screen.findByTestId('settings-screen');
    fireEvent.click(screen.getByTestId('settings-test-connection'));
    const result = await screen.findByTestId('test-connection-result');
    expect(result.textContent).toContain(
      'Connected to Singapore production (pos.example): signature accepted, clock in sync (within 1 s).',
    );
    expect(result.textContent).toContain('Clock difference: +0.1 s');
    expect(bridge.callsTo('settings.testConnection')).toHaveLength(1);
  });

  it('asks for the admin PIN when one is set, checked by the core', async () => {
    const bridge = await openSettings(openCoreBridge({ secrets: { adminPin: '735194' } }));
    await screen.findByTestId('settings-locked');
    fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: '1234' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    expect((await screen.findByTestId('admin-pin-wrong')).textContent).toBe('That PIN is not correct.');
    fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: '735194' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    await screen.findByTestId('settings-screen');
    expect(bridge.callsTo('settings.verifyPin')).toEqual([
      { kind: 'admin', pin: '1234' },
      { kind: 'admin', pin: '735194' },
    ]);
    await waitFor(() => expect(document.body.innerHTML).not.toContain('735194'));
  });

  it('keeps the form open for the admin who just set the admin PIN (main opened its admin window)', async () => {
    const bridge = await openSettings(openCoreBridge());
    await screen.findByTestId('settings-screen');
    fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: '5150' } });
    fireEvent.change(screen.getByLabelText('Type the new Admin PIN again'), { target: { value: '5150' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    expect(screen.queryByTestId('settings-locked')).toBeNull();
    expect(screen.getByTestId('secret-status-adminPin').textContent).toBe('saved');

    // The next change saves too: main's window is open.
    fireEvent.change(screen.getByLabelText('Merchant name'), { target: { value: 'Kopi Corner' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(async () => expect((await bridge.settingsNow()).merchantName).toBe('Kopi Corner'));

    // The unlock lasts across screens (its 5 idle minutes end it, see use-admin-idle-lock.test).
    fireEvent.click(screen.getByTestId('nav-sale'));
    fireEvent.click(await screen.findByTestId('nav-settings'));
    expect(await screen.findByTestId('settings-screen')).toBeDefined();
    expect(screen.queryByTestId('settings-locked')).toBeNull();
  });

  it('when main refuses a save (admin.pin-required), asks the PIN over the form and saves the same changes', async () => {
    const bridge = await openSettings(openCoreBridge({ secrets: { adminPin: '735194' } }));
    await screen.findByTestId('settings-locked');
    fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: '735194' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    await screen.findByTestId('settings-screen');

    fireEvent.change(screen.getByLabelText('Merchant name'), { target: { value: 'Harbour Tea House' } });
    await bridge.restart(); // main restarted while the admin was typing (as five idle minutes would end it)
    fireEvent.click(screen.getByTestId('settings-save'));

    const dialog = await screen.findByRole('dialog', { name: 'Enter the admin PIN again' });
    expect(dialog.textContent).toContain('Your changes are still here');
    expect(screen.queryByTestId('settings-error')).toBeNull();
    const pin = screen.getByTestId('admin-pin');
    await waitFor(() => expect(document.activeElement).toBe(pin));

    fireEvent.change(pin, { target: { value: '0000' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    expect((await screen.findByTestId('admin-pin-wrong')).textContent).toBe('That PIN is not correct.');
    expect((await bridge.settingsNow()).merchantName).not.toBe('Harbour Tea House');

    fireEvent.change(screen.getByTestId('admin-pin'), { target: { value: '735194' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    expect((await screen.findByTestId('settings-message')).textContent).toBe('Settings saved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await bridge.settingsNow()).merchantName).toBe('Harbour Tea House');
    expect(bridge.callsTo('settings.save')).toEqual([
      { settings: { merchantName: 'Harbour Tea House' } },
      { settings: { merchantName: 'Harbour Tea House' } },
    ]);
  });

  it('the PIN dialog can be dismissed with Esc; the changes stay in the form, not saved', async () => {
    const bridge = await openSettings(openCoreBridge({ secrets: { adminPin: '735194' } }));
    fireEvent.change(await screen.findByLabelText('Admin PIN'), { target: { value: '735194' } });
    fireEvent.click(screen.getByTestId('admin-unlock'));
    await screen.findByTestId('settings-screen');
    fireEvent.change(screen.getByLabelText('Merchant name'), { target: { value: 'Harbour Tea House' } });
    await bridge.restart();
    fireEvent.click(screen.getByTestId('settings-save'));
    await screen.findByRole('dialog');
    // The dialog listens for Esc once it is up (it puts the cursor in its PIN field then).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('admin-pin')));
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    expect((screen.getByLabelText('Merchant name') as HTMLInputElement).value).toBe('Harbour Tea House');
    expect(screen.getByTestId('settings-message').textContent).toBe(
      'Not saved yet: your changes are still in the form.',
    );
    expect((await bridge.settingsNow()).merchantName).toBe('Demo Coffee Bar');
  });

  it('puts the cursor in the PIN field, and a kiosk gets a touch keypad for it', async () => {
    renderWithBridge(<App />, await openCoreBridge({ settings: { mode: 'kiosk' }, secrets: { adminPin: '2580' } }));
    await screen.findByTestId('kiosk-attract');
    fireEvent.click(screen.getByTestId('kiosk-admin'));
    const pin = await screen.findByTestId('admin-pin');
    await waitFor(() => expect(document.activeElement).toBe(pin));
    const keypad = screen.getByRole('group', { name: 'PIN keypad' });
    for (const key of ['2', '5', '8', '0']) fireEvent.click(keypad.querySelector(`[data-testid="pin-key-${key}"]`)!);
    expect((pin as HTMLInputElement).value).toBe('2580');
    fireEvent.click(screen.getByTestId('admin-unlock'));
    expect(await screen.findByTestId('settings-screen')).toBeDefined();
  });

  it('Esc on the PIN screen backs out to the till’s home screen', async () => {
    await openSettings(openCoreBridge({ secrets: { adminPin: '735194' } }));
    const pin = await screen.findByTestId('admin-pin');
    fireEvent.change(pin, { target: { value: '73' } });
    fireEvent.keyDown(pin, { key: 'Escape' });
    expect(await screen.findByTestId('sale-screen')).toBeDefined();
  });
});
