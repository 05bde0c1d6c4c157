import { z } from 'zod';
import { empty, type Empty } from './request-atoms.ts';
// What the till says about its updates (electron/core/updates/): Settings → Updates shows it, and the health
// check reads it. Times are ISO 8601.

/**
 * off: no feed set (the default); unavailable: this way of running cannot install (the browser preview);
 * idle: up to date, or nothing this till takes yet; then each step of an update.
 */
export const UPDATE_PHASES = ['off', 'unavailable', 'idle', 'checking', 'downloading', 'ready', 'installing'] as const;
export type UpdatePhase = (typeof UPDATE_PHASES)[number];

/** Why a waiting update has not installed yet. */
export type UpdateHold = 'payment-open' | 'payment-in-doubt' | 'outside-window';

/** The step that failed last: the till keeps the version it runs, and tries again at the next daily check. */
export type UpdateProblemStage = 'feed' | 'download' | 'verify' | 'install';

/**
 * A problem's code when the stage alone does not say it: updates.signature-invalid, a feed whose manifest has no
 * signature, a bad one or one by a key this build does not pin (electron/core/updates/feed-signature.ts).
 */
export type UpdateProblemCode = 'updates.signature-invalid';

export interface UpdateStatus {
  readonly runningVersion: string;
  readonly phase: UpdatePhase;
  readonly feedUrl: string;
  /** The maintenance window, local "HH:MM". */
  readonly window: { readonly start: string; readonly end: string };
  readonly lastCheckedAt: string | null;
  readonly nextCheckAt: string | null;
  /**
   * What the feed offered at the last check: not-newer (this version or an older one: never installed),
   * not-in-rollout (a staged release this till is not in yet), take (downloaded, or being downloaded).
   */
  readonly offered: {
    readonly version: string;
    readonly releaseDate: string | null;
    readonly stagingPercentage: number | null;
    readonly verdict: 'take' | 'not-newer' | 'not-in-rollout';
  } | null;
  /** Downloaded and verified, waiting to install. */
  readonly waiting: { readonly version: string; readonly releaseDate: string | null } | null;
  /** When the waiting version installs by itself: the maintenance window's next opening (if no payment is open). */
  readonly installAt: string | null;
  /** Whether the maintenance window is open now. */
  readonly insideWindow: boolean;
  readonly heldBy: UpdateHold | null;
  readonly problem: {
    readonly stage: UpdateProblemStage;
    readonly version: string | null;
    readonly at: string;
    readonly code?: UpdateProblemCode;
  } | null;
}

/** A local time of day, "HH:MM" (24-hour clock). */
const localTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * Updates (electron/core/updates/): an electron-builder "generic" feed (https, or http on this computer: checked
 * with the other addresses), and the maintenance window, in the till's local time, the only time an update
 * installs by itself (a window may cross midnight, 22:00–04:00). An empty feed = no updates.
 */
export const updateSettingsSchema = z
  .object({
    feedUrl: z.string().max(300),
    windowStart: localTimeOfDay,
    windowEnd: localTimeOfDay,
  })
  .refine((u) => u.windowStart !== u.windowEnd, {
    message: 'The maintenance window is empty',
    path: ['windowEnd'],
  });
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

// The contract's part (electron/core/updates/: checked daily, installed only with no payment open).

export interface UpdateChannels {
  /** The running version, the one waiting and when it installs, the feed and the maintenance window. */
  'updates.status': { request: Empty; response: UpdateStatus };
  /**
   * "Restart to update" (admin, like settings.save): quits and installs the waiting version now, outside the
   * window too, but never with a payment open (updates.payment-open) or in doubt (updates.payment-in-doubt).
   */
  'updates.installNow': { request: Empty; response: UpdateStatus };
}

export const updateRequestSchemas: { [K in keyof UpdateChannels]: z.ZodType<UpdateChannels[K]['request']> } = {
  'updates.status': empty,
  'updates.installNow': empty,
};
