import { describe, expect, it } from 'vitest';
import {
  checkDue,
  decideInstall,
  inRollout,
  insideWindow,
  judgeOffer,
  nextWindowOpening,
  rolloutBucket,
  type MaintenanceWindow,
} from './update-decision.ts';
import { compareVersions, isNewerVersion, parseVersion } from './version-order.ts';

// When a waiting update installs: the whole rule as a table. Dates are built in the process's local time zone,
// as the window is the shop's local time.

const NIGHT: MaintenanceWindow = { start: '02:00', end: '05:00' };
const ACROSS_MIDNIGHT: MaintenanceWindow = { start: '22:30', end: '04:00' };
const at = (hours: number, minutes = 0): Date => new Date(2026, 10, 27, hours, minutes);
const NONE = { pendingCount: 0, unresolvedCount: 0 };
const OPEN = { pendingCount: 1, unresolvedCount: 0 };
const IN_DOUBT = { pendingCount: 0, unresolvedCount: 2 };

describe('install decision', () => {
  it.each([
    ['nothing downloaded', false, NONE, at(3), false, { install: false, because: 'nothing-ready' }],
    ['inside the window, nothing open', true, NONE, at(3), false, { install: true, because: 'maintenance-window' }],
    ['inside the window, a payment open', true, OPEN, at(3), false, { install: false, because: 'payment-open' }],
    [
      'inside the window, a payment in doubt',
      true,
      IN_DOUBT,
      at(3),
      false,
      { install: false, because: 'payment-in-doubt' },
    ],
    ['trading hours', true, NONE, at(14), false, { install: false, because: 'outside-window' }],
    ['window end is outside it', true, NONE, at(5), false, { install: false, because: 'outside-window' }],
    ['admin, trading hours, nothing open', true, NONE, at(14), true, { install: true, because: 'admin' }],
    ['admin, a payment open', true, OPEN, at(14), true, { install: false, because: 'payment-open' }],
    ['admin, a payment in doubt', true, IN_DOUBT, at(3), true, { install: false, because: 'payment-in-doubt' }],
  ] as const)('%s', (_case, ready, payments, now, adminAsked, expected) => {
    expect(decideInstall({ ready, payments, now, window: NIGHT, adminAsked })).toEqual(expected);
  });

  it('takes a window that crosses midnight on both sides of it', () => {
    expect(insideWindow(at(22, 29), ACROSS_MIDNIGHT)).toBe(false);
    expect(insideWindow(at(22, 30), ACROSS_MIDNIGHT)).toBe(true);
    expect(insideWindow(at(0, 0), ACROSS_MIDNIGHT)).toBe(true);
    expect(insideWindow(at(3, 59), ACROSS_MIDNIGHT)).toBe(true);
    expect(insideWindow(at(4, 0), ACROSS_MIDNIGHT)).toBe(false);
    expect(insideWindow(at(12, 0), ACROSS_MIDNIGHT)).toBe(false);
    expect(
      decideInstall({ ready: true, payments: NONE, now: at(23, 15), window: ACROSS_MIDNIGHT, adminAsked: false }),
    ).toEqual({ install: true, because: 'maintenance-window' });
  });

  it('says when the window next opens: tonight, tomorrow, or now', () => {
    expect(nextWindowOpening(at(14), NIGHT)).toEqual(new Date(2026, 10, 28, 2, 0));
    expect(nextWindowOpening(at(1, 30), NIGHT)).toEqual(at(2, 0));
    expect(nextWindowOpening(at(3), NIGHT)).toEqual(at(3));
    expect(nextWindowOpening(at(14), ACROSS_MIDNIGHT)).toEqual(at(22, 30));
  });

  it('checks once a day, and at start', () => {
    expect(checkDue(null, at(9))).toBe(true);
    expect(checkDue(at(9), at(20))).toBe(false);
    expect(checkDue(at(9), new Date(2026, 10, 28, 9, 0))).toBe(true);
  });
});

describe('staged rollout', () => {
  it('gives a till the same bucket at every check, and different tills different buckets', () => {
    const bucket = rolloutBucket('POS-0042/TILL-01');
    expect(rolloutBucket('POS-0042/TILL-01')).toBe(bucket);
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(100);
    const buckets = new Set(Array.from({ length: 50 }, (_, i) => Math.floor(rolloutBucket(`POS-${i}/TILL-01`))));
    expect(buckets.size).toBeGreaterThan(20);
  });

  it('spreads tills over the percentage the feed names', () => {
    const tills = Array.from({ length: 2000 }, (_, i) => rolloutBucket(`POS-${i}/TILL-${i % 7}`));
    const inTen = tills.filter((bucket) => inRollout(bucket, 10)).length;
    expect(inTen).toBeGreaterThan(140);
    expect(inTen).toBeLessThan(260);
  });

  it('is in or out by its bucket; no percentage = everyone, 0 = nobody', () => {
    expect(inRollout(4.2, 5)).toBe(true);
    expect(inRollout(5.1, 5)).toBe(false);
    expect(inRollout(99.9, null)).toBe(true);
    expect(inRollout(0, 0)).toBe(false);
    expect(inRollout(99.99, 100)).toBe(true);
  });

  it('judges an offer: newer and in the rollout, else why not', () => {
    expect(judgeOffer({ version: '1.5.0', stagingPercentage: 50 }, '1.4.2', 10)).toBe('take');
    expect(judgeOffer({ version: '1.5.0', stagingPercentage: 50 }, '1.4.2', 60)).toBe('not-in-rollout');
    expect(judgeOffer({ version: '1.4.2', stagingPercentage: null }, '1.4.2', 10)).toBe('not-newer');
  });
});

describe('versions: never a downgrade', () => {
  it('refuses an older version, the same one, and nonsense', () => {
    expect(isNewerVersion('1.3.9', '1.4.0')).toBe(false);
    expect(isNewerVersion('1.4.0', '1.4.0')).toBe(false);
    expect(isNewerVersion('1.4.0+build.7', '1.4.0')).toBe(false);
    expect(isNewerVersion('latest', '1.4.0')).toBe(false);
    expect(isNewerVersion('1.10.0', '1.9.9')).toBe(true);
    expect(judgeOffer({ version: '0.9.0', stagingPercentage: null }, '1.0.0', 0)).toBe('not-newer');
  });

  it('orders pre-releases as semver does', () => {
    const order = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    for (let i = 0; i + 1 < order.length; i += 1)
      expect(compareVersions(parseVersion(order[i]!)!, parseVersion(order[i + 1]!)!)).toBe(-1);
  });
});
