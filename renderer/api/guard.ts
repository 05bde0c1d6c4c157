import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type { ChannelName, PosBridge, RequestOf, ResponseOf } from '../../shared/contract.ts';
import { defaultMessage } from '../../shared/errors.ts';
import type { Result } from '../../shared/result.ts';

// Screens never see an exception from a transport: whatever a bridge throws or rejects with becomes a
// Result error, so every call site handles exactly one shape.

type Call<K extends ChannelName> = (request: RequestOf<K>) => Promise<Result<ResponseOf<K>>>;

export function guardBridge(inner: PosBridge): PosBridge {
  const on: PosBridge['on'] = (event, listener) => {
    try {
      return inner.on(event, listener);
    } catch {
      return () => undefined;
    }
  };
  const guarded: Record<string, unknown> = { on };
  for (const channel of CHANNEL_NAME_LIST) guarded[channel] = guardCall(inner[channel] as Call<typeof channel>);
  return guarded as unknown as PosBridge;
}

function guardCall<K extends ChannelName>(call: Call<K>): Call<K> {
  return async (request) => {
    try {
      const result = await call(request);
      if (isResult(result)) return result;
      return { ok: false, error: { code: 'internal', message: defaultMessage('internal'), retryable: false } };
    } catch {
      return { ok: false, error: { code: 'internal', message: defaultMessage('internal'), retryable: true } };
    }
  };
}

function isResult(value: unknown): value is Result<never> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}
