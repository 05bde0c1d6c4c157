import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VAULT_RESET_CONFIRMATION } from '../../../shared/settings.ts';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings while main cannot read the secret vault: locked for everyone (no PIN form, no fields), the way
// out said in words, and the reset sent only after an explicit confirmation.

describe('settings with an unreadable vault', () => {
  it('shows what to do instead of the settings or the PIN form, and resets only once confirmed', async () => {
    const bridge = await openCoreBridge({ secrets: { adminPin: '8642' }, damagedFiles: ['vault.json'] });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));

    const panel = await screen.findByTestId('vault-unreadable');
    expect(panel.textContent).toContain('Stored credentials cannot be read');
    expect(panel.textContent).toContain('restore the vault file');
    expect(screen.queryByTestId('settings-form')).toBeNull();
    expect(screen.queryByTestId('admin-pin')).toBeNull();

    const reset = screen.getByTestId('vault-reset') as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('vault-reset-confirm'));
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);

    // After the reset the till is as on its first start: settings open, every secret "not set".
    await screen.findByTestId('settings-screen');
    expect(bridge.callsTo('settings.resetVault')).toEqual([{ confirm: VAULT_RESET_CONFIRMATION }]);
    await waitFor(() => expect(screen.getByTestId('secret-status-adminPin').textContent).toBe('not set'));
  });
});
