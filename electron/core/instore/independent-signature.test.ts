import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS, startSandbox } from '../../sandbox/server.ts';

// An INDEPENDENT check of the signing recipe (wire-details §2.2): a second, minimal implementation written
// here with node:crypto only (it deliberately does not import signer.ts or the client) signs raw requests
// sent with plain fetch to the embedded sandbox. If it and signer.ts disagreed, either this test or the
// client ↔ sandbox tests would fail.

const INVALID_SIGNATURE = 'Invalid signature. Failed to match HMAC signatures.';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function sortedDeep(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort()) out[key] = sortedDeep(value[key]!);
    return out;
  }
  return value;
}

function hmacSign(method: string, url: string, date: string, body: string, secret: string): string {
  const digest = body === '' ? '' : createHash('sha256').update(body, 'utf8').digest('hex');
  const stringToSign = `${method.toUpperCase()}\napplication/json\n${date}\n${url}\n${digest}`;
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(stringToSign, 'utf8').digest('hex');
}

interface Raw {
  method: 'GET' | 'POST';
  url: string;
  date: string;
  body: string;
  signature: string;
  keyId?: string;
}

async function sendRaw(
  raw: Raw,
): Promise<{ status: number; message: string | undefined; json: Record<string, unknown> }> {
  const response = await fetch(raw.url, {
    method: raw.method,
    headers: {
      'Content-Type': 'application/json',
      Date: raw.date,
      Authorization: `SB1-HMAC-SHA256 ${raw.keyId ?? DEMO_CREDENTIALS.accessKeyId}:${raw.signature}`,
      ...(raw.method === 'POST' ? { 'X-Service-Idempotent-Id': crypto.randomUUID() } : {}),
    },
    ...(raw.body === '' ? {} : { body: raw.body }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, message: typeof json.message === 'string' ? json.message : undefined, json };
}

/** One character changed at `index` (a digit goes up by one, wrapping 9 → 0; a letter flips case). */
function changeOneByte(text: string, index: number): string {
  const c = text[index]!;
  const replacement = /\d/.test(c)
    ? String((Number(c) + 1) % 10)
    : c === c.toLowerCase()
      ? c.toUpperCase()
      : c.toLowerCase();
  if (replacement === c) throw new Error(`cannot change "${c}"`);
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let base: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  base = sandbox.instoreBaseUrl;
});
afterAll(async () => {
  await sandbox.close();
});

let counter = 0;
function createBody(): string {
  const referenceId = `indep-${Date.now().toString(36)}-${counter++}`;
  const body: Json = {
    referenceId,
    posId: DEMO_CREDENTIALS.posId,
    country: 'SG',
    currency: 'SGD',
    amount: 1234,
    qrType: 'payload',
    partner: { merchantTradingName: 'Indep Test', merchantId: 'M00001' },
    orderMetadata: { terminalReference: 'T00001' },
  };
  return JSON.stringify(sortedDeep(body));
}

function signedCreate(body = createBody(), date = new Date().toISOString()): Raw {
  const url = `${base}/v1/instore/order/create`;
  return {
    method: 'POST',
    url,
    date,
    body,
    signature: hmacSign('POST', url, date, body, DEMO_CREDENTIALS.accessKeySecret),
  };
}

function signedGet(referenceId: string, date = new Date().toISOString()): Raw {
  const url = `${base}/v1/instore/order/${referenceId}`;
  return {
    method: 'GET',
    url,
    date,
    body: '',
    signature: hmacSign('GET', url, date, '', DEMO_CREDENTIALS.accessKeySecret),
  };
}

describe('independent SB1-HMAC-SHA256 implementation against the sandbox', () => {
  it('a correctly signed create is accepted', async () => {
    const raw = signedCreate();
    const reply = await sendRaw(raw);
    expect(reply.status).toBe(200);
    expect(reply.json.referenceId).toBe((JSON.parse(raw.body) as { referenceId: string }).referenceId);
    expect(typeof reply.json.qrCode).toBe('string');
  });

  it('a correctly signed GET (empty digest) is accepted: 404 for an unknown order, not 401', async () => {
    const reply = await sendRaw(signedGet('indep-does-not-exist'));
    expect(reply.status).toBe(404);
    expect(reply.message).toMatch(/^Invalid referenceId\. Unable to find/);
  });

  it('the server re-canonicalises: the same signed content with keys in another order on the wire is accepted', async () => {
    const raw = signedCreate();
    const reordered = JSON.stringify(
      Object.fromEntries(Object.entries(JSON.parse(raw.body) as Record<string, unknown>).reverse()),
    );
    expect(reordered).not.toBe(raw.body);
    expect((await sendRaw({ ...raw, body: reordered })).status).toBe(200);
  });

  it('signing the body with nested keys unsorted is rejected', async () => {
    const raw = signedCreate();
    const parsed = JSON.parse(raw.body) as Record<string, unknown>;
    const unsorted = JSON.stringify({
      ...parsed,
      partner: { merchantTradingName: 'Indep Test', merchantId: 'M00001' },
    });
    const signatureOverUnsorted = hmacSign('POST', raw.url, raw.date, unsorted, DEMO_CREDENTIALS.accessKeySecret);
    const reply = await sendRaw({ ...raw, body: unsorted, signature: signatureOverUnsorted });
    expect(reply.status).toBe(401);
    expect(reply.message).toBe(INVALID_SIGNATURE);
  });

  it('one byte changed in the body → rejected', async () => {
    const raw = signedCreate();
    const index = raw.body.indexOf('1234') + 3;
    const reply = await sendRaw({ ...raw, body: changeOneByte(raw.body, index) });
    expect(reply.status).toBe(401);
    expect(reply.message).toBe(INVALID_SIGNATURE);
  });

  it('one byte changed in the URL → rejected', async () => {
    const raw = signedGet('indep-url-check-1');
    const reply = await sendRaw({ ...raw, url: raw.url.replace(/1$/, '2') });
    expect(reply.status).toBe(401);
    expect(reply.message).toBe(INVALID_SIGNATURE);
    // The origin is part of what is signed too: signing "localhost" while calling 127.0.0.1 fails.
    const other = raw.url.replace('127.0.0.1', 'localhost');
    if (other !== raw.url) {
      const signedOther = hmacSign('GET', other, raw.date, '', DEMO_CREDENTIALS.accessKeySecret);
      expect((await sendRaw({ ...raw, signature: signedOther })).message).toBe(INVALID_SIGNATURE);
    }
  });

  it('one byte changed in the Date (still ISO, still fresh) → rejected as a signature mismatch', async () => {
    const raw = signedCreate();
    const lastMsDigit = raw.date.length - 2; // …ss.mmmZ
    const reply = await sendRaw({ ...raw, date: changeOneByte(raw.date, lastMsDigit) });
    expect(reply.status).toBe(401);
    expect(reply.message).toBe(INVALID_SIGNATURE);
  });

  it('a Date changed so it is no longer ISO 8601, or out of date, gets the Date-specific message', async () => {
    const raw = signedCreate();
    const notIso = await sendRaw({ ...raw, date: raw.date.replace('T', ' ') });
    expect(notIso.status).toBe(400);
    expect(notIso.message).toBe('Invalid Date Header. Date Header has to be ISO-8601 format.');
    const expired = await sendRaw({ ...raw, date: changeOneByte(raw.date, 3) }); // year + 1
    expect(expired.status).toBe(401);
    expect(expired.message).toBe('Hmac signature has expired, please generate a new signature.');
  });

  it('one byte changed in the secret → rejected', async () => {
    const raw = signedCreate();
    const wrongSecret = changeOneByte(DEMO_CREDENTIALS.accessKeySecret, 0);
    const reply = await sendRaw({ ...raw, signature: hmacSign(raw.method, raw.url, raw.date, raw.body, wrongSecret) });
    expect(reply.status).toBe(401);
    expect(reply.message).toBe(INVALID_SIGNATURE);
  });

  it('a signature in base64 instead of lower-case hex is a mismatch, as the provider answers it (wire-details §2.5)', async () => {
    const raw = signedCreate();
    const base64 = Buffer.from(raw.signature, 'hex').toString('base64');
    const reply = await sendRaw({ ...raw, signature: base64 });
    expect(reply.status).toBe(401);
    expect(reply.message).toBe('Invalid signature. Failed to match HMAC signatures.');
  });
});
