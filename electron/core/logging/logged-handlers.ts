import type { Caller } from '../../../shared/caller.ts';
import type { ChannelName, Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { TillLog } from './log-file.ts';

// Every refused contract call leaves one line in the core's log: the channel, the error's code and its English
// (a notice's or the code's, never words made up here), and what only a log needs, the error's cause. Never the
// request: it may hold a PIN, a secret being saved or a customer's wallet code.

/** Calls that refuse as part of their job (a wrong PIN, a lock that asks for the admin) are `info`, not `warn`. */
const ROUTINE_CODES: ReadonlySet<string> = new Set([
  'admin.pin-required',
  'supervisor.pin-required',
  'supervisor.pin-wrong',
]);

export function loggedHandlers(handlers: Handlers, log: TillLog): Handlers {
  const logged: Partial<Record<ChannelName, unknown>> = {};
  for (const channel of Object.keys(handlers) as ChannelName[]) {
    const handler = handlers[channel] as (request: unknown, caller?: Caller) => Promise<unknown>;
    logged[channel] = async (request: unknown, caller?: Caller) => {
      try {
        return await handler(request, caller);
      } catch (error) {
        logRefusal(log, channel, error);
        throw error;
      }
    };
  }
  return logged as Handlers;
}

function logRefusal(log: TillLog, channel: ChannelName, error: unknown): void {
  if (error instanceof PosError) {
    const level = ROUTINE_CODES.has(error.code) ? 'info' : 'warn';
    const params = {
      channel,
      retryable: error.retryable,
      ...(error.cause === undefined ? {} : { cause: error.cause }),
    };
    log[level]('contract', error.code, params, error.message);
    return;
  }
  const stack = error instanceof Error ? error.stack?.split('\n').slice(0, 6).join('\n') : undefined;
  log.error('contract', 'internal', { channel, error, stack });
}
