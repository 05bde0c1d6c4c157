import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type { ChannelName, Handlers } from '../../shared/contract.ts';

// The core's handler map, put together from each module's own part. Every channel has exactly one owner:
// a channel defined twice is a mistake (the later one would silently win, as a spread does), and so is a
// channel nobody serves. Both are refused when the core starts, not found by a cashier later. Model:
// actualbudget/actual's server `app.method()`, which refuses a duplicate name.

export type HandlerPart = Partial<Handlers>;

/** One part from several owners (a feature that serves two areas), refusing a channel two of them serve. */
export function joinHandlerParts(parts: Readonly<Record<string, HandlerPart>>): HandlerPart {
  const joined: Partial<Record<ChannelName, unknown>> = {};
  const owners = new Map<string, string>();
  for (const [owner, part] of Object.entries(parts)) {
    for (const channel of Object.keys(part) as ChannelName[]) {
      const earlier = owners.get(channel);
      if (earlier !== undefined) throw new Error(`channel ${channel} is served twice: by ${earlier} and by ${owner}`);
      owners.set(channel, owner);
      joined[channel] = part[channel];
    }
  }
  return joined as HandlerPart;
}

/** Every part joined, and every channel of the contract served. */
export function composeHandlers(parts: Readonly<Record<string, HandlerPart>>): Handlers {
  const composed = joinHandlerParts(parts);
  const unserved = CHANNEL_NAME_LIST.filter((channel) => !(channel in composed));
  if (unserved.length > 0) throw new Error(`no module serves ${unserved.join(', ')}`);
  return composed as Handlers;
}
