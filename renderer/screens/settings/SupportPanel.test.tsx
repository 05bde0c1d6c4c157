// Test-only Node import: the bundle the screen reports is a real file the in-process core wrote.
// eslint-disable-next-line no-restricted-imports
import { statSync } from 'node:fs';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openCoreBridge } from '../../test/core-bridge.test-helper.ts';
import { ADMIN_PIN, renderWithBridge } from '../../test/render.test-helper.tsx';
import { SupportPanel } from './SupportPanel.tsx';

// Settings → About against a real core: where the logs are, and Save support bundle (the admin's).

describe('Settings → About', () => {
  it('shows the log folder and saves a support bundle, saying where', async () => {
    const bridge = await openCoreBridge();
    const logs = await bridge['support.logs']({});
    if (!logs.ok) throw new Error('no log folder');
    renderWithBridge(<SupportPanel />, bridge);
    expect((await screen.findByTestId('about-log-folder')).textContent).toBe(logs.value.folder);

    fireEvent.click(screen.getByTestId('about-save-bundle'));
    const path = (await screen.findByTestId('about-bundle-path')).textContent!;
    expect(path).toMatch(/wallet-pos-support-.*\.zip$/);
    expect(statSync(path).size).toBeGreaterThan(0);
    expect(screen.getByTestId('about-bundle-saved').textContent).toMatch(/^Support bundle saved \(\d+ KB\):/);
  });

  it('in Traditional Chinese; a locked till refuses the bundle in the cashier’s words', async () => {
    const bridge = await openCoreBridge({ secrets: { adminPin: ADMIN_PIN } });
    renderWithBridge(<SupportPanel />, bridge, 'zh-HK');
    expect(screen.getByTestId('about-save-bundle').textContent).toBe('儲存支援資料包');
    fireEvent.click(screen.getByTestId('about-save-bundle'));
    const error = await screen.findByTestId('about-bundle-error');
    expect(error.getAttribute('data-error-code')).toBe('admin.pin-required');
    expect(screen.queryByTestId('about-bundle-path')).toBeNull();
  });
});
