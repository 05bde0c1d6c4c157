import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/channel-names.ts';
import type { Result } from '../shared/result.ts';
import type { CoreApi } from './core/core-api.ts';
import { handleIpcInvoke } from './core/security/ipc-gate.ts';
import { isTrustedUrl } from './core/security/url-trust.ts';
import { visibleTo } from './core/security/display-redaction.ts';
import { isEventAllowed, type WindowRole } from './core/security/window-channels.ts';

// The only file that touches ipcMain. Every call: sender frame check → dispatch (channel and payload
// validated against the contract) → the core → a Result envelope. What a window may call and hear depends on
// the role main gave it when it made it (the customer display: only what it shows); that logic is core/security/ipc-gate.ts,
// unit-tested. Errors never cross as exceptions (Electron would pass only their message): the renderer
// always gets `{ ok, value | error }`.

export interface IpcOptions {
  readonly core: CoreApi;
  /** Origin our pages are served from (app://wallet-pos, or the Vite dev server in development). */
  readonly appOrigin: string;
  /** Web contents that should receive events (the cashier window and the customer display). */
  readonly eventTargets: () => readonly WebContents[];
  /** The role of the window a web contents belongs to (main's registry); null for one it did not make. */
  readonly roleOf: (contents: WebContents) => WindowRole | null;
}

export function registerIpc(options: IpcOptions): () => void {
  const { core, appOrigin } = options;

  ipcMain.handle(
    IPC_INVOKE_CHANNEL,
    async (event: IpcMainInvokeEvent, channel: unknown, payload: unknown): Promise<Result<unknown>> => {
      const frame = event.senderFrame;
      const sender = {
        frameUrl: frame?.url,
        isMainFrame: frame !== null && frame.parent === null,
        role: options.roleOf(event.sender),
      };
      return handleIpcInvoke(core.handlers, appOrigin, sender, channel, payload);
    },
  );

  const unsubscribe = core.onEvent((message) => {
    for (const contents of options.eventTargets()) {
      // Only to pages of ours: a window that somehow shows anything else hears nothing about payments.
      if (contents.isDestroyed()) continue;
      const role = options.roleOf(contents);
      if (!isEventAllowed(role, message.event)) continue;
      if (isTrustedUrl(contents.getURL(), appOrigin)) contents.send(IPC_EVENT_CHANNEL, visibleTo(role, message));
    }
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
