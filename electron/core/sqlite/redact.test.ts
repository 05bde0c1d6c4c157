import { describe, expect, it } from 'vitest';
import { MAX_STRING_LENGTH, REDACTED, redactedJson } from './redact.ts';

describe('event data redaction', () => {
  it('replaces credentials, tokens, signatures, PINs and customer codes at any depth', () => {
    const json = redactedJson({
      accessKeySecret: 's3cret',
      headers: { authorization: 'SB1 AK:sig', 'x-signature': 'abc', Date: 'Fri, 21 Nov 2026 03:00:00 GMT' },
      tokenized: [{ paymentToken: 'pt', access_token: 'at', merchantUserId: 'U1' }],
      supervisorPin: '1234',
      consumerQrPayload: '2810123',
      body: { amount: 1234, referenceId: 'TILL01-20261121-K3F9Q2ZP', statusCode: 409 },
    });
    const data = JSON.parse(json ?? 'null');
    expect(data).toEqual({
      accessKeySecret: REDACTED,
      headers: { authorization: REDACTED, 'x-signature': REDACTED, Date: 'Fri, 21 Nov 2026 03:00:00 GMT' },
      tokenized: [{ paymentToken: REDACTED, access_token: REDACTED, merchantUserId: 'U1' }],
      supervisorPin: REDACTED,
      consumerQrPayload: REDACTED,
      body: { amount: 1234, referenceId: 'TILL01-20261121-K3F9Q2ZP', statusCode: 409 },
    });
    expect(json).not.toMatch(/s3cret|AK:sig|1234"|2810123/);
  });

  it('cuts long values, keeps errors readable and stores nothing for no data', () => {
    const data = JSON.parse(
      redactedJson({ qrCode: `data:image/png;base64,${'A'.repeat(10_000)}`, error: new Error('socket hang up') }) ??
        'null',
    );
    expect(data.qrCode.length).toBeLessThan(MAX_STRING_LENGTH + 30);
    expect(data.qrCode).toMatch(/…\(10022 chars\)$/);
    expect(data.error).toEqual({ name: 'Error', message: 'socket hang up' });
    expect(redactedJson(undefined)).toBeNull();
    expect(redactedJson(null)).toBeNull();
  });

  it('keeps a field named __proto__, redacted like any other, instead of dropping it', () => {
    // As a provider's answer arrives: JSON.parse makes __proto__ an own field.
    const answer = JSON.parse('{"__proto__": {"note": "seen", "paymentToken": "pt"}, "status": "paid"}');
    const data = JSON.parse(redactedJson(answer) ?? 'null');
    expect(Object.keys(data)).toEqual(['__proto__', 'status']);
    expect(data['__proto__']).toEqual({ note: 'seen', paymentToken: REDACTED });
    expect(JSON.parse(redactedJson(JSON.parse('{"__proto__": "plain"}')) ?? 'null')).toEqual(
      JSON.parse('{"__proto__": "plain"}'),
    );
    expect(({} as Record<string, unknown>)['note']).toBeUndefined();
  });
});
