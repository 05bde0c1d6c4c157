import {
  isChannelName,
  requestSchemas,
  type ChannelName,
  type Handlers,
  type ResponseOf,
} from '../../shared/contract.ts';
import type { Caller } from '../../shared/caller.ts';
import { PosError, toAppError } from '../../shared/errors.ts';
import { notice } from '../../shared/notices.ts';
import { fail, ok, type Result } from '../../shared/result.ts';

// The transport-independent half of every call: unknown channel → typed error, payload → schema check,
// handler → Result envelope. Electron IPC and the web host both call this and nothing else, and say who is
// calling (the window's role, the token's): the handler gets it as its second argument.

export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  payload: unknown,
  caller?: Caller,
): Promise<Result<unknown>> {
  if (!isChannelName(channel)) {
    return fail(new PosError('ipc.unknown-channel').toAppError());
  }
  const parsed = requestSchemas[channel].safeParse(payload ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : null;
    return fail(
      new PosError(
        'ipc.invalid-payload',
        field === null ? {} : { notice: notice('ipc.invalid-payload-at', { field }) },
      ).toAppError(),
    );
  }
  return invoke(handlers, channel, parsed.data, caller);
}

async function invoke<K extends ChannelName>(
  handlers: Handlers,
  channel: K,
  request: unknown,
  caller: Caller | undefined,
): Promise<Result<ResponseOf<K>>> {
  try {
    const handler = handlers[channel] as (request: unknown, caller?: Caller) => Promise<ResponseOf<K>>;
    return ok(await handler(request, caller));
  } catch (error) {
    return fail(toAppError(error));
  }
}
