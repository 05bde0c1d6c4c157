import type { RendererError } from '../../../shared/support.ts';
import type { TillLog } from './log-file.ts';

// log.rendererError: the screens' unhandled errors and rejections, into the renderer's log. A page caught in a
// loop (an error on every frame) must not fill the disk nor push the useful lines out of the rotation: at most
// `perMinute` entries a minute are written, and once a minute what was dropped is counted in one line.

export interface RendererErrorsOptions {
  readonly log: TillLog;
  readonly perMinute?: number;
  readonly now?: () => number;
}

export const RENDERER_ERRORS_PER_MINUTE = 20;

export function rendererErrorHandler(
  options: RendererErrorsOptions,
): (error: RendererError) => Promise<{ logged: boolean }> {
  const perMinute = options.perMinute ?? RENDERER_ERRORS_PER_MINUTE;
  const now = options.now ?? Date.now;
  let windowStart = now();
  let written = 0;
  let dropped = 0;
  return async (error) => {
    const at = now();
    if (at - windowStart >= 60_000) {
      if (dropped > 0) options.log.warn('renderer', 'renderer.errors-dropped', { dropped });
      windowStart = at;
      written = 0;
      dropped = 0;
    }
    if (written >= perMinute) {
      dropped += 1;
      return { logged: false };
    }
    written += 1;
    options.log.error(
      'renderer',
      error.kind === 'error' ? 'renderer.error' : 'renderer.unhandled-rejection',
      { page: error.page, stack: error.stack },
      error.message,
    );
    return { logged: true };
  };
}
