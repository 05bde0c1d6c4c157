import { describe, expect, it } from 'vitest';
import { authorizationHeader, bodyDigest, canonicalBody, parseAuthorization, signature } from './signer.ts';

// Published vectors, wire-details §2.2.
const SECRET = 'f33679f2ae892fd89ceefc409934e49f';
const DATE = '2022-08-22T02:29:33.123Z';
const BASE = 'https://integrations-sandbox.shopback.com/posi-sandbox';
const BODY_B = {
  webhookUrl: 'https://merchant.example.com/shopback/webhook',
  referenceId: '352c530dd7f747161a5e6c990c720bec',
  qrType: 'base64',
  posId: '802c987em7f747269a5e6c260c630kpl',
  partner: {
    merchantTradingName: 'Test Merchant',
    merchantId: 'M00001',
    merchantEntityId: '202401000001',
    merchantCategoryCode: 5411,
  },
  orderMetadata: { terminalReference: 'T00001', merchantOrderReference: 'ORDER-00001' },
  currency: 'SGD',
  country: 'SG',
  amount: 1234,
};

describe('SB1-HMAC-SHA256 signer', () => {
  it('reproduces the create-order vector from an unsorted body', () => {
    const canonical = canonicalBody(BODY_B);
    expect(bodyDigest(canonical)).toBe('8d901e8a87ac78e06ed4f588d8f9c2b38e24d4fb103044aa12f8804ee7bcffee');
    expect(
      signature({ method: 'POST', url: `${BASE}/v1/instore/order/create`, date: DATE, canonical, secret: SECRET }),
    ).toBe('407c8b2d41ed95da7f830339dc30a78dc5443fcc7843a4449720188eeead8571');
  });

  it('reproduces the GET vector with an empty digest', () => {
    expect(canonicalBody(undefined)).toBe('');
    expect(canonicalBody({})).toBe('');
    expect(
      signature({
        method: 'GET',
        url: `${BASE}/v1/instore/order/352c530dd7f747161a5e6c990c720bec`,
        date: DATE,
        canonical: '',
        secret: SECRET,
      }),
    ).toBe('4fb65542c4c1aa24d9e8a613d5eca650b8d33c61fca645dfa2482f24b8317df2');
  });

  it('reproduces the refund vector', () => {
    const canonical = canonicalBody({
      reason: 'Wrong item charged',
      referenceId: '352c530dd7f747161a5e6c990c720bec',
      amount: 500,
    });
    expect(bodyDigest(canonical)).toBe('ee526d60c8739b909693b18c9fee6a701104d3426d34e4e4881567d7e2060602');
    expect(
      signature({
        method: 'post',
        url: `${BASE}/v1/instore/order/352c530dd7f747161a5e6c990c720bec/refund`,
        date: DATE,
        canonical,
        secret: SECRET,
      }),
    ).toBe('1f14af79ab7ca4105a62955be952f7090973e85d47eaf8f9df39be65fedb4587');
  });

  it('gives a different digest when nested keys are left unsorted', () => {
    const { partner, ...rest } = BODY_B;
    const topSortedOnly = JSON.stringify(
      Object.fromEntries(Object.entries({ ...rest, partner }).sort(([a], [b]) => a.localeCompare(b))),
    );
    expect(bodyDigest(topSortedOnly)).not.toBe('8d901e8a87ac78e06ed4f588d8f9c2b38e24d4fb103044aa12f8804ee7bcffee');
  });

  it('formats and parses the Authorization header', () => {
    const sig = '407c8b2d41ed95da7f830339dc30a78dc5443fcc7843a4449720188eeead8571';
    const header = authorizationHeader('AK_DEMO', sig);
    expect(header).toBe(`SB1-HMAC-SHA256 AK_DEMO:${sig}`);
    expect(parseAuthorization(header)).toEqual({ accessKeyId: 'AK_DEMO', signature: sig });
    expect(parseAuthorization(`HMAC AK_DEMO:${sig}`)).toBeNull();
    expect(parseAuthorization(`SB1-HMAC-SHA256 AK_DEMO ${sig}`)).toBeNull();
  });
});
