import type { SecureContextOptions, TlsOptions } from 'node:tls';

// The register connection's TLS on the shop network (RFC 9325, BCP 195): TLS 1.3 first, TLS 1.2 only with
// forward-secret AEAD suites. Node's own defaults still let a TLS 1.2 client settle for CBC suites (its list
// ends in OpenSSL's HIGH), which leak through padding and timing; a register program made this decade speaks
// TLS 1.3 anyway. The till's certificate is ECDSA (certificate.ts): only ECDHE-ECDSA suites can apply to 1.2.

const TLS12_AEAD_SUITES = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
];

/** TLS 1.3's own suites are all AEAD; OpenSSL takes them from `ciphers` too, so they are named first. */
const TLS13_SUITES = ['TLS_AES_128_GCM_SHA256', 'TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256'];

export const TLS_SERVER_OPTIONS: Pick<
  TlsOptions & SecureContextOptions,
  'minVersion' | 'maxVersion' | 'ciphers' | 'honorCipherOrder'
> = {
  minVersion: 'TLSv1.2',
  maxVersion: 'TLSv1.3',
  ciphers: [...TLS13_SUITES, ...TLS12_AEAD_SUITES].join(':'),
  // The server's order: an AEAD suite the client also offers wins over whatever the client listed first.
  honorCipherOrder: true,
};
