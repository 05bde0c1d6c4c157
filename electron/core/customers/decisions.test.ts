import { describe, expect, it } from 'vitest';
import { notice } from '../../../shared/notices.ts';
import { afterHoldLookupFailed, afterPass, resolveDelay, resolveStep, type ResolvableRow } from './decisions.ts';

// The resolver's rules, row by row: what it does with a linked customer's charge or hold given its state, what
// the provider answered and the clock (like ../payments/decisions.test.ts for the in-store side).

const T0 = 1_700_000_000_000;
const WINDOW_MS = 15 * 60_000;
const CHECKING = notice('payments.error', { error: { code: 'network.timeout' } });
const STOPPED = notice('stopped.too-late', { minutes: 15 });

function row(patch: Partial<ResolvableRow> = {}): ResolvableRow {
  return { state: 'checking', providerStatus: null, createdAt: T0, unresolvedReason: CHECKING, ...patch };
}

describe('the next step for a row whose outcome is not known', () => {
  it.each<[string, Partial<ResolvableRow>, number, ReturnType<typeof resolveStep>]>([
    ['a lost create, just sent → re-send it with its key', { state: 'sending' }, T0 + 1_000, { kind: 'resend' }],
    ['a create being checked, within the window → re-send', { state: 'checking' }, T0 + WINDOW_MS, { kind: 'resend' }],
    [
      'a create older than the window → stop, too late',
      { state: 'checking' },
      T0 + WINDOW_MS + 1,
      { kind: 'stop-too-late', minutes: 15 },
    ],
    [
      'a sending create older than the window → stop, too late',
      { state: 'sending' },
      T0 + WINDOW_MS + 1,
      { kind: 'stop-too-late', minutes: 15 },
    ],
    [
      'a stopped create → left alone (never re-sent by itself)',
      { unresolvedReason: STOPPED },
      T0 + 1,
      { kind: 'leave' },
    ],
    [
      'a stopped create past the window → left alone, not stopped again',
      { unresolvedReason: STOPPED },
      T0 + WINDOW_MS * 10,
      { kind: 'leave' },
    ],
    ['a capture whose answer was lost → look the hold up', { state: 'capturing' }, T0 + 1, { kind: 'look-up-hold' }],
    ['a void whose answer was lost → look the hold up', { state: 'voiding' }, T0 + 1, { kind: 'look-up-hold' }],
    [
      'a capture past the window → still looked up (a lookup takes no money)',
      { state: 'capturing' },
      T0 + WINDOW_MS * 10,
      { kind: 'look-up-hold' },
    ],
    [
      'a stopped capture → looked up again (only a create stops for good)',
      { state: 'capturing', unresolvedReason: notice('stopped.hold-unknown') },
      T0 + 1,
      { kind: 'look-up-hold' },
    ],
    [
      'an open PENDING hold → look it up',
      { state: 'open', providerStatus: 'PENDING' },
      T0 + 1,
      { kind: 'look-up-hold' },
    ],
    ['an open APPROVED hold → leave it', { state: 'open', providerStatus: 'APPROVED' }, T0 + 1, { kind: 'leave' }],
    ['a final row → leave it', { state: 'final', providerStatus: 'CAPTURED' }, T0 + 1, { kind: 'leave' }],
    ['a create never sent → leave it', { state: 'not-sent', unresolvedReason: null }, T0 + 1, { kind: 'leave' }],
  ])('%s', (_, patch, now, step) => {
    expect(resolveStep(row(patch), now, WINDOW_MS)).toEqual(step);
  });
});

describe('a hold lookup that failed', () => {
  it.each<[string | null, number, number, ReturnType<typeof afterHoldLookupFailed>]>([
    ['preauth.not-found', 1, 3, 'retry'],
    ['preauth.not-found', 2, 3, 'retry'],
    ['preauth.not-found', 3, 3, 'stop-hold-unknown'],
    ['preauth.not-found', 7, 3, 'stop-hold-unknown'],
    ['network.timeout', 7, 3, 'retry'],
    ['provider.unavailable', 3, 3, 'retry'],
    [null, 9, 3, 'retry'],
  ])('%s on try %i of a %i-step backoff → %s', (code, tries, steps, action) => {
    expect(afterHoldLookupFailed(code, tries, steps)).toBe(action);
  });
});

describe('after a pass', () => {
  it.each<[string, ResolvableRow | null, ReturnType<typeof afterPass>]>([
    ['the row is gone → done', null, 'done'],
    ['a charge approved → done', row({ state: 'final', providerStatus: 'APPROVED', unresolvedReason: null }), 'done'],
    ['a create still checking → again', row(), 'again'],
    ['a create stopped → stopped', row({ unresolvedReason: STOPPED }), 'stopped'],
    [
      'a hold still PENDING → again',
      row({ state: 'open', providerStatus: 'PENDING', unresolvedReason: null }),
      'again',
    ],
    ['a capture still capturing → again', row({ state: 'capturing', unresolvedReason: null }), 'again'],
    [
      'a capture stopped (hold unknown) → stopped',
      row({ state: 'capturing', unresolvedReason: notice('stopped.hold-unknown') }),
      'stopped',
    ],
    ['an open hold → done', row({ state: 'open', providerStatus: 'APPROVED', unresolvedReason: null }), 'done'],
  ])('%s', (_, after, next) => {
    expect(afterPass(after)).toBe(next);
  });
});

describe('the backoff', () => {
  it.each<[number, number]>([
    [0, 1_000],
    [1, 2_000],
    [2, 5_000],
    [5, 60_000],
    [6, 60_000],
    [40, 60_000],
  ])('after %i tries the next pass waits %i ms', (tries, ms) => {
    expect(resolveDelay(tries, [1_000, 2_000, 5_000, 10_000, 30_000, 60_000])).toBe(ms);
  });
});
