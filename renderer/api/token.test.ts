import { describe, expect, it } from 'vitest';
import { backoffDelayMs } from './event-socket.ts';
import { customerDisplayToken } from '../../shared/display-token.ts';
import { customerDisplayUrl, takeAccessToken } from './token.ts';

function place(hash: string, stored: string | null = null) {
  const storage = new Map<string, string>(stored ? [['wallet-pos.token', stored]] : []);
  const replaced: string[] = [];
  return {
    replaced,
    storage,
    place: {
      location: { hash, pathname: '/', search: '' },
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      },
      history: {
        replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)),
      },
    },
  };
}

describe('web access token', () => {
  it('takes the token from #token=…, keeps it for reloads of this tab, and strips it from the address bar', () => {
    const { place: p, replaced, storage } = place('#token=abc123');
    expect(takeAccessToken(p)).toBe('abc123');
    expect(storage.get('wallet-pos.token')).toBe('abc123');
    expect(replaced).toEqual(['/']);
  });

  it('falls back to the stored token after a reload, and to null when there is none', () => {
    expect(takeAccessToken(place('', 'kept').place)).toBe('kept');
    expect(takeAccessToken(place('').place)).toBeNull();
  });

  it("builds the customer display address with the display's own token, never the cashier's", async () => {
    const url = await customerDisplayUrl('http://127.0.0.1:5173', 'cashier-token');
    expect(url).toBe(`http://127.0.0.1:5173/customer-display#token=${await customerDisplayToken('cashier-token')}`);
    expect(url).not.toContain('cashier-token');
    expect(await customerDisplayUrl('http://127.0.0.1:5173', null)).toBe('http://127.0.0.1:5173/customer-display');
  });
});

describe('event socket backoff', () => {
  it('grows exponentially from 250 ms, is capped at 10 s, and is jittered within the upper half', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(125);
    expect(backoffDelayMs(0, () => 1)).toBe(250);
    expect(backoffDelayMs(3, () => 1)).toBe(2000);
    expect(backoffDelayMs(20, () => 1)).toBe(10_000);
    expect(backoffDelayMs(20, () => 0)).toBe(5000);
  });
});
