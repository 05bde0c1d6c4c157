import type { PosBridge } from '../../shared/contract.ts';
import type { RendererError } from '../../shared/support.ts';

// The screens' unhandled errors and promise rejections, sent to main's renderer log (log.rendererError): a
// screen that breaks at a shop leaves a trace someone can read in a support bundle. Main rate-limits what it
// writes; here a page stops sending after `maxPerPage` reports, so a render loop does not flood the channel, and
// a report that fails is dropped silently (an error about reporting an error helps nobody).

export interface ErrorReporterOptions {
  readonly maxPerPage?: number;
}

const MAX_PER_PAGE = 50;

/** Starts listening on `win`; returns the function that stops it. */
export function reportUnhandledErrors(
  win: Window,
  bridge: Pick<PosBridge, 'log.rendererError'>,
  options: ErrorReporterOptions = {},
): () => void {
  const max = options.maxPerPage ?? MAX_PER_PAGE;
  let sent = 0;
  const send = (report: RendererError): void => {
    if (sent >= max) return;
    sent += 1;
    void bridge['log.rendererError'](report).catch(() => undefined);
  };
  const page = (): string => win.location.pathname.slice(0, 200);
  const onError = (event: ErrorEvent): void => {
    const error: unknown = event.error;
    send({
      kind: 'error',
      message: clip(error instanceof Error ? `${error.name}: ${error.message}` : event.message || 'error', 2_000),
      stack: error instanceof Error && error.stack ? clip(error.stack, 8_000) : undefined,
      page: page(),
    });
  };
  const onRejection = (event: PromiseRejectionEvent): void => {
    const reason: unknown = event.reason;
    send({
      kind: 'unhandledrejection',
      message: clip(reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason), 2_000),
      stack: reason instanceof Error && reason.stack ? clip(reason.stack, 8_000) : undefined,
      page: page(),
    });
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max);
}
