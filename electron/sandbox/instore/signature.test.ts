import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, readSb1Authorization, sb1Authorization, sb1Signature } from './signature.ts';

// The sandbox's own SB1 implementation against the vectors wire-details §2.2 publishes.
const SECRET = 'f33679f2ae892fd89ceefc409934e49f';
const DATE = '2022-08-22T02:29:33.123Z';
const BASE = 'https://integrations-sandbox.shopback.com/posi-sandbox';
const REFERENCE_ID = '352c530dd7f747161a5e6c990c720bec';
/** Body B, keys deliberately out of order at both depths: the canonical form must sort them. */
const BODY_B = {
  webhookUrl: 'https://merchant.example.com/shopback/webhook',
  referenceId: REFERENCE_ID,
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
const BODY_B_CANONICAL =
  '{"amount":1234,"country":"SG","currency":"SGD","orderMetadata":{"merchantOrderReference":"ORDER-00001","terminalReference":"T00001"},"partner":{"merchantCategoryCode":5411,"merchantEntityId":"202401000001","merchantId":"M00001","merchantTradingName":"Test Merchant"},"posId":"802c987em7f747269a5e6c260c630kpl","qrType":"base64","referenceId":"352c530dd7f747161a5e6c990c720bec","webhookUrl":"https://merchant.example.com/shopback/webhook"}';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the sandbox’s SB1-HMAC-SHA256', () => {
  it('reproduces the create-order vector from an unsorted body', () => {
    const canonical = canonicalJson(BODY_B);
    expect(canonical).toBe(BODY_B_CANONICAL);
    expect(sha256(canonical)).toBe('8d901e8a87ac78e06ed4f588d8f9c2b38e24d4fb103044aa12f8804ee7bcffee');
    expect(
      sb1Signature({ method: 'POST', url: `${BASE}/v1/instore/order/create`, date: DATE, canonical }, SECRET),
    ).toBe('407c8b2d41ed95da7f830339dc30a78dc5443fcc7843a4449720188eeead8571');
  });

  it('reproduces the GET vector: no body, empty digest', () => {
    expect(canonicalJson(undefined)).toBe('');
    expect(canonicalJson({})).toBe('');
    expect(
      sb1Signature(
        { method: 'GET', url: `${BASE}/v1/instore/order/${REFERENCE_ID}`, date: DATE, canonical: '' },
        SECRET,
      ),
    ).toBe('4fb65542c4c1aa24d9e8a613d5eca650b8d33c61fca645dfa2482f24b8317df2');
  });

  it('reproduces the refund vector, whatever the method’s case', () => {
    const canonical = canonicalJson({ reason: 'Wrong item charged', referenceId: REFERENCE_ID, amount: 500 });
    expect(sha256(canonical)).toBe('ee526d60c8739b909693b18c9fee6a701104d3426d34e4e4881567d7e2060602');
    expect(
      sb1Signature(
        { method: 'post', url: `${BASE}/v1/instore/order/${REFERENCE_ID}/refund`, date: DATE, canonical },
        SECRET,
      ),
    ).toBe('1f14af79ab7ca4105a62955be952f7090973e85d47eaf8f9df39be65fedb4587');
  });

  it('gives another digest when only the top-level keys are sorted (the published negative case)', () => {
    const { partner, ...rest } = BODY_B;
    const topSortedOnly = JSON.stringify(
      Object.fromEntries(Object.entries({ ...rest, partner }).sort(([a], [b]) => (a < b ? -1 : 1))),
    );
    expect(topSortedOnly).not.toBe(BODY_B_CANONICAL);
    expect(sha256(topSortedOnly)).not.toBe('8d901e8a87ac78e06ed4f588d8f9c2b38e24d4fb103044aa12f8804ee7bcffee');
  });

  it('keeps array order and sorts objects inside arrays', () => {
    expect(canonicalJson({ b: [{ z: 1, a: 2 }, 3], a: '/é' })).toBe('{"a":"/é","b":[{"a":2,"z":1},3]}');
  });

  it('writes and reads the Authorization header', () => {
    const signature = '407c8b2d41ed95da7f830339dc30a78dc5443fcc7843a4449720188eeead8571';
    const header = sb1Authorization('AK_DEMO', signature);
    expect(header).toBe(`SB1-HMAC-SHA256 AK_DEMO:${signature}`);
    expect(readSb1Authorization(header)).toEqual({ accessKeyId: 'AK_DEMO', signature });
    expect(readSb1Authorization(`HMAC AK_DEMO:${signature}`)).toBeNull();
    expect(readSb1Authorization(`SB1-HMAC-SHA256 AK_DEMO ${signature}`)).toBeNull();
    expect(readSb1Authorization(`SB1-HMAC-SHA256  AK_DEMO:${signature}`)).toBeNull();
  });
});
