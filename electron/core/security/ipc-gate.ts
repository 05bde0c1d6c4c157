import type { Handlers } from '../../../shared/contract.ts';
import { defaultMessage } from '../../../shared/errors.ts';
import type { Result } from '../../../shared/result.ts';
import { dispatch } from '../dispatch.ts';
import { answerVisibleTo } from './display-redaction.ts';
import { isTrustedSender } from './sender-check.ts';
import { isChannelAllowed, type WindowRole } from './window-channels.ts';

// Everything electron/ipc.ts does with a call, minus Electron: who sent it (refused unless it is the main
// frame of our own page, in a window main registered), what that window may ask for (the customer display
// only what it shows: window-channels.ts), then dispatch, and the answer without staff names for the display
// (display-redaction.ts) (unknown channel, invalid payload → typed errors; the handler's
// PosError → its envelope). ipc.ts only reads the sender frame and calls this, so all of it is unit-tested.

export interface IpcSender {
  /** URL of the sending frame; null when the frame is gone (navigated or destroyed). */
  readonly frameUrl: string | null | undefined;
  readonly isMainFrame: boolean;
  /** The role main gave the sending window when it made it; null for a window it does not know. */
  readonly role: WindowRole | null;
}

export async function handleIpcInvoke(
  handlers: Handlers,
  appOrigin: string,
  sender: IpcSender,
  channel: unknown,
  payload: unknown,
): Promise<Result<unknown>> {
  const { role } = sender;
  if (
    role === null ||
    !isTrustedSender(sender.frameUrl, sender.isMainFrame, appOrigin) ||
    !isChannelAllowed(role, channel)
  ) {
    return { ok: false, error: { code: 'ipc.forbidden', message: defaultMessage('ipc.forbidden'), retryable: false } };
  }
  // The window's role goes with the call: a handler that answers only the customer display checks it.
  return answerVisibleTo(role, await dispatch(handlers, channel, payload, { role }));
}
