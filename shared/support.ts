import { z } from 'zod';
import { empty, type Empty } from './request-atoms.ts';

// Running a till in the field: where its logs are, the support bundle, the renderer's unhandled errors
// (electron/core/logging/, electron/core/support/). The contract's part for them, beside shared/health.ts.

/** Where the till's log files are (Settings → About). */
export interface LogFolder {
  readonly folder: string;
}

/** A support bundle written to disk: its path and size. */
export interface SupportBundle {
  readonly path: string;
  readonly bytes: number;
}

/** An error the screens did not handle, for the renderer's log (never shown to anyone). */
export interface RendererError {
  readonly kind: 'error' | 'unhandledrejection';
  readonly message: string;
  readonly stack?: string | undefined;
  /** The page's path (never its query), e.g. /customer-display. */
  readonly page?: string | undefined;
}

export interface SupportChannels {
  /** Where the logs are. */
  'support.logs': { request: Empty; response: LogFolder };
  /**
   * One .zip for whoever supports the till: the logs, settings without secrets, the journals' health, versions,
   * the status bar's state and its problems. Admin only, like settings.save.
   */
  'support.bundle': { request: Empty; response: SupportBundle };
  /** The renderer's unhandled error or rejection, into the renderer's log; `logged: false` past the rate limit. */
  'log.rendererError': { request: RendererError; response: { logged: boolean } };
}

export const supportRequestSchemas: { [K in keyof SupportChannels]: z.ZodType<SupportChannels[K]['request']> } = {
  'support.logs': empty,
  'support.bundle': empty,
  'log.rendererError': z
    .object({
      kind: z.enum(['error', 'unhandledrejection']),
      message: z.string().max(2_000),
      stack: z.string().max(8_000).optional(),
      page: z.string().max(200).optional(),
    })
    .strict(),
};
