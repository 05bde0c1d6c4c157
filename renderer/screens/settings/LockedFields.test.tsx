import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Every kind of Settings field shows a lock of the fleet's policy the same way: disabled, with "Set by your
// organisation" tied to it; a locked group locks each of its fields, a locked field only itself.

describe('fields the policy locks', () => {
  it('text, number, checkbox, amount and camera fields are disabled with the organisation’s note', async () => {
    const bridge = createFakeBridge({
      policy: {
        file: '/etc/wallet-pos/policy.json',
        locked: ['merchantName', 'amountLimits', 'cameraDeviceId', 'ecr.port', 'kiosk'],
        problems: [],
      },
    });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));

    fireEvent.click(await screen.findByRole('tab', { name: 'Terminal' }));
    const name = screen.getByTestId('settings-merchantName') as HTMLInputElement;
    expect(name.disabled).toBe(true);
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByTestId('settings-merchantName-locked').id);
    expect((screen.getByTestId('settings-kiosk') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('settings-terminalReference') as HTMLInputElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Payments' }));
    expect((screen.getByTestId('settings-amountLimits-minMinor') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('settings-amountLimits-maxMinor-locked').textContent).toBe('Set by your organisation');

    fireEvent.click(screen.getByRole('tab', { name: 'Devices' }));
    expect((screen.getByTestId('camera-select') as HTMLSelectElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect((screen.getByTestId('settings-ecr-port') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('settings-ecr-enabled') as HTMLInputElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'About' }));
    expect(screen.getByTestId('policy-locked').textContent).toBe(
      'Locked on this till: merchantName, amountLimits, cameraDeviceId, ecr.port, kiosk',
    );
  });
});
