import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/channel-names.ts';
import { defaultMessage } from '../shared/errors.ts';
import type { Result } from '../shared/result.ts';
import type { CoreApi } from './core/core-api.ts';
import { dispatch } from './core/dispatch.ts';
import { isTrustedSender } from './core/security/sender-check.ts';
import { isTrustedUrl } from './core/security/url-trust.ts';

// The only file that touches ipcMain. Every call: sender frame check → dispatch (channel and payload
// validated against the contract) → the core → a Result envelope. Errors never cross as exceptions
// (Electron would pass only their message); the renderer always gets `{ ok, value | error }`.

export interface IpcOptions {
  readonly core: CoreApi;
  /** Origin our pages are served from (app://wallet-pos, or the Vite dev server in development). */
  readonly appOrigin: string;
  /** Web contents that should receive events (the cashier window and the customer display). */
  readonly eventTargets: () => readonly WebContents[];
}

export function registerIpc(options: IpcOptions): () => void {
  const { core, appOrigin } = options;

  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, channel: unknown, payload: unknown): Promise<Result<unknown>> => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame?.url, frame !== null && frame.parent === null, appOrigin)) {
      return { ok: false, error: { code: 'ipc.forbidden', message: defaultMessage('ipc.forbidden'), retryable: false } };
    }
    return dispatch(core.handlers, channel, payload);
  });

  const unsubscribe = core.onEvent((message) => {
    for (const contents of options.eventTargets()) {
      // Only to pages of ours: a window that somehow shows anything else hears nothing about payments.
      if (!contents.isDestroyed() && isTrustedUrl(contents.getURL(), appOrigin)) contents.send(IPC_EVENT_CHANNEL, message);
    }
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
