import { createHash } from 'node:crypto';
import { isNewerVersion } from './version-order.ts';

// When a till checks, downloads and installs an update: pure functions of the facts, so each rule is a line of
// a test table. Installing restarts the app, so it happens only when no payment can be cut off (nothing open,
// nothing whose outcome is still being settled) and either inside the shop's maintenance window or because an
// admin pressed "Restart to update" — and even the admin cannot restart over an open payment.

export const CHECK_EVERY_MS = 24 * 60 * 60_000;

/** The maintenance window in the till's local time, "HH:MM" each (Settings → Updates). */
export interface MaintenanceWindow {
  readonly start: string;
  readonly end: string;
}

/** The payments the till is still handling, as its status bar counts them (in-store and linked customers). */
export interface OpenPayments {
  /** Waiting for the customer or being confirmed. */
  readonly pendingCount: number;
  /** Outcome still being settled with the provider. */
  readonly unresolvedCount: number;
}

export type InstallDecision =
  | { readonly install: true; readonly because: 'maintenance-window' | 'admin' }
  | {
      readonly install: false;
      readonly because: 'nothing-ready' | 'payment-open' | 'payment-in-doubt' | 'outside-window';
    };

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** Inside [start, end) in local time; a window whose end is before its start crosses midnight (22:00–04:00). */
export function insideWindow(now: Date, window: MaintenanceWindow): boolean {
  const minute = now.getHours() * 60 + now.getMinutes();
  const start = minutesOf(window.start);
  const end = minutesOf(window.end);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** When the window next opens: now when inside it, else the next local start time (today or tomorrow). */
export function nextWindowOpening(now: Date, window: MaintenanceWindow): Date {
  if (insideWindow(now, window)) return now;
  const start = minutesOf(window.start);
  const opening = new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.floor(start / 60), start % 60);
  if (opening.getTime() <= now.getTime()) opening.setDate(opening.getDate() + 1);
  return opening;
}

/** Whether a waiting update installs now. */
export function decideInstall(facts: {
  readonly ready: boolean;
  readonly payments: OpenPayments;
  readonly now: Date;
  readonly window: MaintenanceWindow;
  readonly adminAsked: boolean;
}): InstallDecision {
  if (!facts.ready) return { install: false, because: 'nothing-ready' };
  // Before anything else, the admin's button included: a restart would leave the customer not knowing whether
  // they paid (the till resumes it after the restart, but the sale at the counter is broken off).
  if (facts.payments.pendingCount > 0) return { install: false, because: 'payment-open' };
  if (facts.payments.unresolvedCount > 0) return { install: false, because: 'payment-in-doubt' };
  if (facts.adminAsked) return { install: true, because: 'admin' };
  if (insideWindow(facts.now, facts.window)) return { install: true, because: 'maintenance-window' };
  return { install: false, because: 'outside-window' };
}

/** A check is due once a day (and at start, when none was made yet). */
export function checkDue(lastCheckedAt: Date | null, now: Date, everyMs: number = CHECK_EVERY_MS): boolean {
  return lastCheckedAt === null || now.getTime() - lastCheckedAt.getTime() >= everyMs;
}

/**
 * This till's place in a staged rollout, 0 ≤ bucket < 100: from a hash of its identity, so the same till is in or
 * out at every check (a random draw per check would let every till in within a few days).
 */
export function rolloutBucket(tillIdentity: string): number {
  const digest = createHash('sha256').update(`wallet-pos-rollout:${tillIdentity}`).digest();
  return (digest.readUInt32BE(0) / 0x1_0000_0000) * 100;
}

/** electron-builder's `stagingPercentage`: absent = everyone; 0 = nobody yet; 100 = everyone. */
export function inRollout(bucket: number, stagingPercentage: number | null): boolean {
  if (stagingPercentage === null) return true;
  return bucket < stagingPercentage;
}

export type OfferVerdict = 'take' | 'not-newer' | 'not-in-rollout';

/** Whether this till takes the release the feed offers: newer than the running version, and in its rollout. */
export function judgeOffer(
  offer: { readonly version: string; readonly stagingPercentage: number | null },
  runningVersion: string,
  bucket: number,
): OfferVerdict {
  if (!isNewerVersion(offer.version, runningVersion)) return 'not-newer';
  if (!inRollout(bucket, offer.stagingPercentage)) return 'not-in-rollout';
  return 'take';
}
