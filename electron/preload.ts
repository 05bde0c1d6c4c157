import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { CHANNEL_NAME_LIST, EVENT_NAME_LIST, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../shared/channel-names.ts';
import type { EventName, PosBridge } from '../shared/contract.ts';

// Builds window.pos: one named function per contract channel and `on` for events. ipcRenderer itself is
// never exposed, so a page can only ask for what the contract names. Sandboxed preload: one CJS bundle,
// imports only the zod-free name lists (types are erased).

type Listener = (payload: unknown) => void;

const listeners = new Map<EventName, Set<Listener>>();
const knownEvents: ReadonlySet<string> = new Set(EVENT_NAME_LIST);

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, message: unknown) => {
  if (message === null || typeof message !== 'object') return;
  const { event, payload } = message as { event?: unknown; payload?: unknown };
  if (typeof event !== 'string' || !knownEvents.has(event)) return;
  for (const listener of listeners.get(event as EventName) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      // One screen's faulty listener must not stop the others from hearing about a payment.
      console.error(`Listener for ${event} failed`, error);
    }
  }
});

const bridge: Record<string, unknown> = {};
for (const channel of CHANNEL_NAME_LIST) {
  bridge[channel] = (request: unknown) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, channel, request ?? {});
}
bridge.on = (event: unknown, listener: unknown): (() => void) => {
  if (typeof event !== 'string' || !knownEvents.has(event)) throw new TypeError(`Unknown event: ${String(event)}`);
  if (typeof listener !== 'function') throw new TypeError('The listener must be a function');
  const name = event as EventName;
  const set = listeners.get(name) ?? new Set<Listener>();
  listeners.set(name, set);
  const wrapped: Listener = (payload) => (listener as Listener)(payload);
  set.add(wrapped);
  return () => {
    set.delete(wrapped);
  };
};

contextBridge.exposeInMainWorld('pos', Object.freeze(bridge) as PosBridge);
