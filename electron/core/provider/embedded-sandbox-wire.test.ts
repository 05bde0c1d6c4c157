import { describe, expect, it } from 'vitest';
import { APP_TOKEN_HEADER, IDEMPOTENCY_HEADER } from '../../sandbox/headers.ts';
import { SIGNED_CONTENT_TYPE } from '../../sandbox/instore/signature.ts';
import { INSTORE_BASE_PATH } from '../../sandbox/instore/wire.ts';
import {
  API_PREFIX as SANDBOX_API_PREFIX,
  LIMITS as SANDBOX_LIMITS,
  LOGIN_PATH as SANDBOX_LOGIN_PATH,
  TOKENIZED_BASE_PATH,
} from '../../sandbox/tokenized/wire.ts';
import { EMBEDDED_BASE_PATH } from '../instore/profiles.ts';
import { CONTENT_TYPE } from '../instore/signer.ts';
import { API_PREFIX, EMBEDDED_TOKENIZED_BASE_PATH, LIMITS, LOGIN_PATH } from '../tokenized/wire.ts';
import { appTokenHeaderName, HEADER_PREFIXES, idempotencyHeaderName } from './header-names.ts';

// The sandbox writes its paths, header names and limits from the provider's documents instead of importing
// the client's (a lint rule keeps it so). Both sides are written by hand, so this is where they must agree:
// a difference means one of them misread the documents, and the demo would otherwise fail only at run time.

describe('the client and the embedded sandbox agree on the wire', () => {
  it('serves both APIs where the client looks for them', () => {
    expect(EMBEDDED_BASE_PATH).toBe(INSTORE_BASE_PATH);
    expect(EMBEDDED_TOKENIZED_BASE_PATH).toBe(TOKENIZED_BASE_PATH);
    expect(API_PREFIX).toBe(SANDBOX_API_PREFIX);
    expect(LOGIN_PATH).toBe(SANDBOX_LOGIN_PATH);
  });

  it('reads the custom headers under the names the client sends to it', () => {
    expect(idempotencyHeaderName(HEADER_PREFIXES.embedded)).toBe(IDEMPOTENCY_HEADER);
    expect(appTokenHeaderName(HEADER_PREFIXES.embedded)).toBe(APP_TOKEN_HEADER);
  });

  it('signs the same Content-Type and holds the same limits', () => {
    expect(CONTENT_TYPE).toBe(SIGNED_CONTENT_TYPE);
    expect(LIMITS).toEqual(SANDBOX_LIMITS);
  });
});
