import { describe, expect, it } from 'vitest';
import type { PaymentView } from '../../shared/payments.ts';
import { paymentView } from '../test/fake-bridge.test-helper.ts';
import { shouldAutoLock, type AutoLockFacts } from './auto-lock.ts';

const MINUTE = 60_000;
const idleTill: AutoLockFacts = {
  signedIn: true,
  autoLockMinutes: 5,
  idleMs: 6 * MINUTE,
  screen: 'sale',
  activePayment: null,
};
const paid: PaymentView = paymentView({ state: 'final', displayStatus: 'paid', providerStatus: 'CAPTURED' });

describe('shouldAutoLock', () => {
  it('signs out after the idle minutes on a screen without a payment', () => {
    expect(shouldAutoLock(idleTill)).toBe(true);
    expect(shouldAutoLock({ ...idleTill, idleMs: 5 * MINUTE })).toBe(true);
    expect(shouldAutoLock({ ...idleTill, screen: 'payments', activePayment: paid })).toBe(true);
  });

  it('waits while the till has been idle less than the minutes', () => {
    expect(shouldAutoLock({ ...idleTill, idleMs: 5 * MINUTE - 1 })).toBe(false);
  });

  it('never signs out when nobody is signed in or the minutes are 0 (never)', () => {
    expect(shouldAutoLock({ ...idleTill, signedIn: false })).toBe(false);
    expect(shouldAutoLock({ ...idleTill, autoLockMinutes: 0, idleMs: 24 * 60 * MINUTE })).toBe(false);
  });

  it('never during a payment: its QR, its scan, or a payment still open on any screen', () => {
    const hours = 10 * 60 * MINUTE;
    const waiting = paymentView();
    expect(shouldAutoLock({ ...idleTill, idleMs: hours, screen: 'payment', activePayment: waiting })).toBe(false);
    expect(shouldAutoLock({ ...idleTill, idleMs: hours, screen: 'scan' })).toBe(false);
    expect(shouldAutoLock({ ...idleTill, idleMs: hours, screen: 'sale', activePayment: waiting })).toBe(false);
  });

  it('never while a payment’s result is on screen; once the screen moves on, it may', () => {
    expect(shouldAutoLock({ ...idleTill, screen: 'payment', activePayment: paid })).toBe(false);
    expect(shouldAutoLock({ ...idleTill, screen: 'sale', activePayment: paid })).toBe(true);
  });
});
