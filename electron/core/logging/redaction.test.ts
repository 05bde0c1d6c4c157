import { describe, expect, it } from 'vitest';
import { REDACTED, scrubText, scrubValue } from './redaction.ts';

describe('the log redaction', () => {
  it('replaces secret fields at any depth, by name', () => {
    const clean = scrubValue({
      referenceId: 'ref-12345678',
      supervisorPin: '4321',
      nested: { deeper: { accessKeySecret: 'abc', apiKey: 'k', keyId: 'AK1', authorization: 'HMAC x' } },
      list: [{ paymentToken: 't' }],
    });
    expect(clean).toEqual({
      referenceId: 'ref-12345678',
      supervisorPin: REDACTED,
      nested: { deeper: { accessKeySecret: REDACTED, apiKey: REDACTED, keyId: 'AK1', authorization: REDACTED } },
      list: [{ paymentToken: REDACTED }],
    });
  });

  it('finds secrets inside text by their shape', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';
    const base64 = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA==';
    const text = scrubText(
      `key ${pem} header Authorization: Bearer eyJhbGciOi.x.y sent secret=hunter2hunter pin: 9876 body ${base64}`,
    );
    for (const secret of ['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'eyJhbGciOi', 'hunter2hunter', '9876', base64])
      expect(text).not.toContain(secret);
    // References stay readable: a UUID, a referenceId, a port, a data folder.
    const folder = '/home/shop/AppData/Roaming/wallet-pos/data/logs/core';
    expect(scrubText(`logs in ${folder}`)).toBe(`logs in ${folder}`);
    expect(scrubText('payment 3f2b8c1e-0d4a-4b7e-9f1a-2c3d4e5f6a7b on port 4000')).toBe(
      'payment 3f2b8c1e-0d4a-4b7e-9f1a-2c3d4e5f6a7b on port 4000',
    );
  });

  it('keeps an error to its name, scrubbed message and code', () => {
    const error = Object.assign(new Error('refused: signature=abcdef0123'), { code: 'EACCES', stack: 'secret stack' });
    expect(scrubValue({ error })).toEqual({
      error: { name: 'Error', message: `refused: signature=${REDACTED}`, code: 'EACCES' },
    });
  });

  it('keeps a field named __proto__, scrubbed like any other, instead of dropping it', () => {
    // As a register's body arrives: JSON.parse makes __proto__ an own field.
    const body = JSON.parse('{"__proto__": {"reason": "void", "apiKey": "k"}, "referenceId": "ref-12345678"}');
    const clean = scrubValue(body) as Record<string, unknown>;
    expect(Object.keys(clean)).toEqual(['__proto__', 'referenceId']);
    expect(JSON.parse(JSON.stringify(clean))).toEqual(
      JSON.parse('{"__proto__": {"reason": "void", "apiKey": "[redacted]"}, "referenceId": "ref-12345678"}'),
    );
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
  });
});
