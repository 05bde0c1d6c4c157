import { describe, expect, it } from 'vitest';
import { useOpenPaymentsStore } from '../stores/open-payments-store.ts';
import { runAfterEachTest } from './after-each.test-helper.ts';
import { paymentView } from './fake-bridge.test-helper.ts';
import './render.test-helper.tsx';

// Files share a worker's stores (vite.config.ts: isolate false), so the clean-up after each test must leave every
// store as new. An outcome left in the open-payments store was told on the next file's first screen ("Paid
// S$18.50 ✓" in OpenPaymentOutcome.test, from a file before it).

describe('the clean-up after each renderer test', () => {
  it('leaves the open-payments store as new: open, ended and followed payments all gone', async () => {
    const left = paymentView({ referenceId: 'REF-LEFT', displayStatus: 'paid' });
    useOpenPaymentsStore.setState({
      open: new Map([['REF-OPEN', paymentView({ referenceId: 'REF-OPEN' })]]),
      ended: new Map([[left.referenceId, left]]),
      following: new Set(['REF-OPEN']),
    });
    await runAfterEachTest();
    const after = useOpenPaymentsStore.getState();
    expect([after.open.size, after.ended.size, after.following.size, after.openedWhileCharging.size]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
