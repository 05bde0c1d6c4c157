import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../App.tsx';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { renderWithBridge } from '../../test/render.test-helper.tsx';

// Settings → PINs says that a supervisor PIN, register refunds and register keys need an admin PIN first (main
// refuses them without one), and says louder when a till set up before the rule holds them unprotected.

async function openPins(bridge = createFakeBridge()) {
  renderWithBridge(<App />, bridge);
  fireEvent.click(await screen.findByTestId('nav-settings'));
  fireEvent.click(await screen.findByTestId('settings-tab-pins'));
}

describe('an admin PIN first, in Settings', () => {
  it('says so while no admin PIN is set, and no more once one is typed', async () => {
    await openPins();
    expect(screen.getByTestId('admin-pin-first').textContent).toBe(
      'Set an admin PIN first. Until one is set, anyone at the till can change Settings, so a supervisor PIN, register refunds and register keys can only be set with one (in the same save is enough).',
    );
    fireEvent.change(screen.getByLabelText('Admin PIN'), { target: { value: '8642' } });
    expect(screen.queryByTestId('admin-pin-first')).toBeNull();
  });

  it('a supervisor PIN kept from before, without an admin PIN: says it is unprotected now', async () => {
    await openPins(createFakeBridge({ secrets: { supervisorPin: '2468' } }));
    expect(screen.getByTestId('admin-pin-first').textContent).toBe(
      'No admin PIN is set, so anyone at the till can change the supervisor PIN and register refunds. Set an admin PIN now.',
    );
  });

  it('in Traditional Chinese', async () => {
    const bridge = createFakeBridge();
    bridge.settings = { ...bridge.settings, locale: 'zh-HK' };
    await openPins(bridge);
    expect(screen.getByTestId('admin-pin-first').textContent).toMatch(/^請先設定管理員密碼。/);
  });
});
