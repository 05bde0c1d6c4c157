import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SignedInStaff } from '../../../shared/staff.ts';
import { BridgeProvider } from '../../api/bridge.tsx';
import { LocaleProvider } from '../../i18n/i18n.tsx';
import { useSessionStore } from '../../stores/session-store.ts';
import { createFakeBridge } from '../../test/fake-bridge.test-helper.ts';
import { ChainBrokenBanner } from './ChainBrokenBanner.tsx';

// A broken audit chain is said to the next admin who signs in (auditChain.info's `broken`), never to a cashier.

const BROKEN = {
  publicKey: 'key',
  fingerprint: 'ab12 cd34 ef56 7890',
  head: { entries: 12, hash: 'f'.repeat(64) },
  broken: {
    key: 'health.chain-broken' as const,
    params: {
      count: 1,
      finding: { key: 'health.chain.row-edited' as const, params: { seq: 7, subject: 'refunds/r-1' } },
    },
  },
};

function signIn(staff: SignedInStaff | null): void {
  act(() => useSessionStore.getState().setSession({ staff, shift: null, signInRequired: true }));
}

describe('the broken chain banner', () => {
  it('tells an admin at sign-in what does not fit, until closed; a cashier is not told', async () => {
    const bridge = createFakeBridge();
    bridge.override('auditChain.info', () => ({ ok: true, value: BROKEN }));
    render(
      <BridgeProvider bridge={bridge}>
        <LocaleProvider locale="en">
          <ChainBrokenBanner />
        </LocaleProvider>
      </BridgeProvider>,
    );
    signIn({ id: 'ann', name: 'Ann', role: 'cashier' });
    expect(screen.queryByTestId('chain-broken')).toBeNull();
    expect(bridge.callsTo('auditChain.info')).toEqual([]);

    signIn({ id: 'admin', name: 'Admin', role: 'admin' });
    const banner = await screen.findByTestId('chain-broken');
    expect(banner.textContent).toContain('The records of this till do not fit their audit chain.');
    expect(banner.textContent).toContain('The record refunds/r-1 was changed outside the till');
    fireEvent.click(screen.getByTestId('chain-broken-close'));
    expect(screen.queryByTestId('chain-broken')).toBeNull();
    signIn(null);
  });
});
