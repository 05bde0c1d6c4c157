import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListenerProblem } from '../../../shared/status.ts';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// A listener that cannot listen on its port (issue 21.1): the status bar says which, on every screen, and the
// webhook's own Settings section says what to do, in the till's language. Payments go on meanwhile.

const PROBLEMS: ListenerProblem[] = [
  { listener: 'payment-notifications', port: 8711, refusal: 'in-use' },
  { listener: 'order-webhooks', port: 80, refusal: 'not-allowed' },
  { listener: 'register-connection', port: 8710, refusal: 'in-use' },
];

describe('a listener that cannot listen on its port', () => {
  for (const [locale, words] of [
    [
      'en',
      {
        bar: 'Payment notifications off: another program took port 8711',
        orders: 'Linked-customer webhooks off: this computer refuses port 80',
        register: 'Register connection off: another program took port 8710',
        providerTab: 'Provider',
        linkedTab: 'Linked customers',
        field:
          'Not listening: another program took port 8711. Payments go on by polling. Choose another port and save, or close that program and save again.',
        ordersField:
          'Not listening: this computer does not let the till listen on port 80. Payments go on by polling. Choose another port and save.',
      },
    ],
    [
      'zh-HK',
      {
        bar: '付款通知：已停用，另一個程式已佔用連接埠 8711',
        orders: '綁定顧客 Webhook：已停用，此電腦不容許使用連接埠 80',
        register: '收銀系統連線：已停用，另一個程式已佔用連接埠 8710',
        providerTab: '環境及憑證',
        linkedTab: '已連結顧客',
        field:
          '未有監聽：另一個程式已佔用連接埠 8711。付款會以查詢方式照常進行。請選擇其他連接埠並儲存，或關閉該程式後再儲存。',
        ordersField: '未有監聽：此電腦不容許收銀機使用連接埠 80。付款會以查詢方式照常進行。請選擇其他連接埠並儲存。',
      },
    ],
  ] as const) {
    it(`the status bar and the webhook's Settings section say which port (${locale})`, async () => {
      const bridge = createFakeBridge({ status: { listenerProblems: PROBLEMS } });
      bridge.settings = { ...bridge.settings, locale };
      renderWithBridge(<App />, bridge, locale);
      expect((await screen.findByTestId('status-listener-payment-notifications')).textContent).toBe(words.bar);
      expect(screen.getByTestId('status-listener-order-webhooks').textContent).toBe(words.orders);
      expect(screen.getByTestId('status-listener-register-connection').textContent).toBe(words.register);

      fireEvent.click(await screen.findByTestId('nav-settings'));
      fireEvent.click(await screen.findByRole('tab', { name: words.providerTab }));
      expect((await screen.findByTestId('settings-webhookListenPort-problem')).textContent).toBe(words.field);
      fireEvent.click(await screen.findByRole('tab', { name: words.linkedTab }));
      expect((await screen.findByTestId('settings-tokenized-webhookListenPort-problem')).textContent).toBe(
        words.ordersField,
      );
    });
  }

  it('a save refused for a webhook port another program holds says so next to the field', async () => {
    const bridge = createFakeBridge();
    bridge.override('settings.save', () => ({
      ok: false,
      error: {
        code: 'settings.invalid',
        message: 'Some settings are not valid.',
        retryable: false,
        fieldNotices: { webhookListenPort: { key: 'settings.port-in-use', params: { port: 8711 } } },
      },
    }));
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Provider' }));
    const field = await screen.findByTestId('settings-webhookListenPort');
    fireEvent.change(field, { target: { value: '8711' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent)).toContain(
      'Another program on this computer already uses port 8711. Choose another port.',
    );
  });

  it('says nothing while every listener listens', async () => {
    renderWithBridge(<App />, createFakeBridge());
    await screen.findByTestId('status-bar');
    expect(screen.queryByTestId('status-listener-payment-notifications')).toBeNull();
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Provider' }));
    await screen.findByTestId('settings-webhookListenPort');
    expect(screen.queryByTestId('settings-webhookListenPort-problem')).toBeNull();
  });
});
