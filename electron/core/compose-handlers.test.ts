import { describe, expect, it } from 'vitest';
import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type { Handlers } from '../../shared/contract.ts';
import { composeHandlers } from './compose-handlers.ts';

// Every channel of the contract, each answering with its own name, split into two parts.
function allChannels(): Handlers {
  return Object.fromEntries(CHANNEL_NAME_LIST.map((channel) => [channel, async () => channel])) as unknown as Handlers;
}

describe('composeHandlers', () => {
  it('puts the parts together, each channel served by its owner', async () => {
    const { 'app.info': appInfo, ...rest } = allChannels();
    const handlers = composeHandlers({ app: { 'app.info': appInfo }, rest });
    expect(await handlers['app.info']({})).toBe('app.info');
    expect(Object.keys(handlers).sort()).toEqual([...CHANNEL_NAME_LIST].sort());
  });

  it('refuses a channel served twice, naming both owners', () => {
    const all = allChannels();
    expect(() => composeHandlers({ payments: all, days: { 'payments.summary': all['payments.summary'] } })).toThrow(
      'channel payments.summary is served twice: by payments and by days',
    );
  });

  it('refuses a contract with a channel nobody serves', () => {
    const { 'receipts.print': _print, ...rest } = allChannels();
    expect(() => composeHandlers({ rest })).toThrow('no module serves receipts.print');
  });
});
