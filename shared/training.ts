import { z } from 'zod';
import { empty, type Empty } from './request-atoms.ts';
import { staffId, type StaffRef } from './staff.ts';

// Training mode (issue 36): a supervisor puts one person, or the whole till, into training. Their sales go to an
// embedded sandbox of the till's own, never to the provider; their records are kept, marked and numbered apart
// (TRN-…), and left out of the day's figures. The core keeps it (electron/core/training/); the screens read it
// through the training.* channels and show TRAINING while it applies.

/** Training as it stands: off, or on for one person (`staff`) or for whoever uses the till (`staff` null). */
export type TrainingStatus =
  | { readonly active: false }
  | {
      readonly active: true;
      /** The trainee; null: the whole till trains. */
      readonly staff: StaffRef | null;
      /** Who started it (null: nobody signs in at this till). */
      readonly startedBy: StaffRef | null;
      readonly startedAt: string;
      /** Whether a sale taken now is a training sale (the trainee is the one signed in, or the whole till trains). */
      readonly appliesNow: boolean;
      /** The training sandbox's origin, for the trainer's fault controls; null until its first sale. */
      readonly sandboxOrigin: string | null;
    };

/**
 * The trainer's simulator, on the training sandbox only: the newest open training sale paid or declined by the
 * "customer", the provider down (every request refused) or a payment in doubt (the next sale's answer lost), the
 * next sale left to expire unpaid, or everything back to normal.
 */
export const TRAINING_SIMULATIONS = ['pay', 'decline', 'provider-down', 'in-doubt', 'expire-next', 'normal'] as const;
export type TrainingSimulation = (typeof TRAINING_SIMULATIONS)[number];

export interface TrainingChannels {
  /** Starts training for `staffId`, or the whole till without it. Never on a kiosk. */
  'training.start': { request: { staffId?: string | undefined }; response: TrainingStatus };
  /** Ends training: a PIN of someone who may train staff (a supervisor), counted against the PIN lockout. */
  'training.stop': { request: { pin: string }; response: TrainingStatus };
  'training.status': { request: Empty; response: TrainingStatus };
  /** Only while training is on; refused `request.invalid` (with why) when there is no open training sale to act on. */
  'training.simulate': { request: { action: TrainingSimulation }; response: TrainingStatus };
}

export const trainingRequestSchemas: { [K in keyof TrainingChannels]: z.ZodType<TrainingChannels[K]['request']> } = {
  'training.start': z.object({ staffId: staffId.optional() }).strict(),
  'training.stop': z.object({ pin: z.string().min(1).max(32) }).strict(),
  'training.status': empty,
  'training.simulate': z.object({ action: z.enum(TRAINING_SIMULATIONS) }).strict(),
};

export interface TrainingEvents {
  /** Training started or stopped: every screen shows (or stops showing) TRAINING. */
  'training.changed': TrainingStatus;
}
