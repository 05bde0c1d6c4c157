import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { ADMIN_PIN, renderWithBridge, unlockSettings } from '../../test/render.test-helper.tsx';

// Settings → Register connection while main cannot read the register keys file: the connection's state says
// that every register is refused and what to do, in the till's language, until a key is made again.

describe('Settings → Register connection with an unreadable keys file', () => {
  it('names the problem and the way out, and the problem goes once a key is made', async () => {
    // A register key is made only on a till with an admin PIN.
    renderWithBridge(
      <App />,
      await openCoreBridge({ secrets: { adminPin: ADMIN_PIN }, damagedFiles: ['register-keys.json'] }),
    );
    fireEvent.click(await screen.findByTestId('nav-settings'));
    await unlockSettings();
    fireEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    const problem = await screen.findByTestId('settings-ecr-keys-unreadable');
    expect(problem.textContent).toMatch(/^Every register is refused: this till cannot read its register keys file\./);
    expect(problem.textContent).toContain('the damaged file is set aside');

    fireEvent.change(screen.getByLabelText('Name of the new key (e.g. the register it is for)'), {
      target: { value: 'Front register' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByLabelText('New key for Front register');
    await waitFor(() => expect(screen.queryByTestId('settings-ecr-keys-unreadable')).toBeNull());
  });

  it('says it in Traditional Chinese too', async () => {
    const bridge = await openCoreBridge({ settings: { locale: 'zh-HK' }, damagedFiles: ['register-keys.json'] });
    renderWithBridge(<App />, bridge);
    fireEvent.click(await screen.findByTestId('nav-settings'));
    fireEvent.click(await screen.findByRole('tab', { name: '收銀系統' }));
    expect((await screen.findByTestId('settings-ecr-keys-unreadable')).textContent).toMatch(/^所有收銀系統均被拒絕/);
  });
});
