import { describe, expect, it } from 'vitest';
import { isLoopbackHost, normaliseBaseUrl } from './base-url.ts';

describe('provider base URLs', () => {
  it('keeps https anywhere and plain http on this computer only, without a trailing slash', () => {
    expect(normaliseBaseUrl(' https://pos-proxy.example.com.au/posi/ ')).toBe('https://pos-proxy.example.com.au/posi');
    expect(normaliseBaseUrl('http://127.0.0.9:1/a')).toBe('http://127.0.0.9:1/a');
    expect(normaliseBaseUrl('http://[::1]:9/a')).toBe('http://[::1]:9/a');
    expect(() => normaliseBaseUrl('http://10.0.0.5/posi')).toThrow();
  });

  it('knows loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', '128.0.0.1', 'localhost.example.com', '127.0.0.1.nip.io'])
      expect(isLoopbackHost(host)).toBe(false);
  });
});
