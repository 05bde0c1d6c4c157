import { z } from 'zod';
import type { Notice } from './notices.ts';

// The till's health check (Settings → About → Check this till; electron/core/health/): each part of the till
// asked once, in parallel, each within its own time limit, and answered in words. Pure data and the contract's
// part for it.

/**
 * Every check the till can make, in the order the panel lists them. `updates` only when the updater is there;
 * `logs`: the copy of the log lines to the chain's collector (syslog).
 */
export const HEALTH_CHECK_IDS = [
  'provider',
  'clock',
  'journal',
  'chain',
  'disk',
  'printer',
  'scanner',
  'camera',
  'register',
  'webhooks',
  'policy',
  'updates',
  'logs',
] as const;
export type HealthCheckId = (typeof HEALTH_CHECK_IDS)[number];

export interface HealthCheckResult {
  readonly id: HealthCheckId;
  readonly ok: boolean;
  /** What was found, in words (what works, or what to fix); also honest about what the till cannot check. */
  readonly detail: Notice;
}

export interface HealthReport {
  readonly checks: readonly HealthCheckResult[];
}

/** The camera decoder the screen last read frames with (renderer/scanning/frame-decoders.ts), or none yet. */
export const CAMERA_DECODERS = ['wasm', 'zxing-js'] as const;

/**
 * What only the screen knows and the core cannot see (a USB scanner is a keyboard; a camera belongs to the
 * page): sent with the request. Absent: the checks say the screen did not report them.
 */
export interface ScreenDevices {
  /** How long ago the last USB-scanner code was recognised; null when none since the screen started. */
  readonly scannerReadMsAgo: number | null;
  readonly cameraDecoder: (typeof CAMERA_DECODERS)[number] | null;
}

export interface HealthChannels {
  'health.check': { request: { devices?: ScreenDevices | undefined }; response: HealthReport };
}

export const healthRequestSchemas: { [K in keyof HealthChannels]: z.ZodType<HealthChannels[K]['request']> } = {
  'health.check': z
    .object({
      devices: z
        .object({
          scannerReadMsAgo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
          cameraDecoder: z.enum(CAMERA_DECODERS).nullable(),
        })
        .strict()
        .optional(),
    })
    .strict(),
};
