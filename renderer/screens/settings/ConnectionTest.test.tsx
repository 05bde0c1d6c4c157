import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notice } from '../../../shared/notices.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';
import { ConnectionTest } from './ConnectionTest.tsx';

// Test connection's one sentence comes from the core as a notice: rendered in the till's language, the
// environment's name and the error inside it included, never the core's English.

describe('Test connection', () => {
  it('says what failed in Traditional Chinese, the error inside the sentence included', async () => {
    const bridge = createFakeBridge();
    bridge.override('settings.testConnection', () => ({
      ok: true,
      value: {
        reachable: true,
        signatureAccepted: false,
        clockSkewMs: 125_000,
        latencyMs: 40,
        notice: notice('connection.answered-but', {
          where: notice('connection.where', {
            environment: notice('environment.hk-production'),
            host: 'integrations.shopback.com.hk',
          }),
          error: {
            code: 'auth.clock-skew',
            notice: notice('provider.clock-ahead', { duration: '2 min 5 s' }),
          },
        }),
      },
    }));
    renderWithBridge(<ConnectionTest patch={null} onError={() => {}} />, bridge, 'zh-HK');
    fireEvent.click(screen.getByTestId('settings-test-connection'));
    const result = await screen.findByTestId('test-connection-result');
    expect(result.querySelector('p')?.textContent).toBe(
      '香港正式環境（integrations.shopback.com.hk）有回應，但：此收銀機的時鐘比支付商快 2 min 5 s。請先校正系統時間，然後再試。',
    );
  });
});
