import { connect, type ConnectionOptions } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { openRegisterTill } from './register-till.test-helper.ts';

// The register connection on the shop network speaks TLS 1.3 first and TLS 1.2 with AEAD suites only
// (tls-policy.ts): a client offering only CBC suites, or only TLS 1.1, is refused in the handshake. And the
// bearer scheme is matched whatever its case (RFC 9110 §11.1), as a register's HTTP library may send it.

type Handshake = { ok: true; protocol: string | null; cipher: string } | { ok: false; error: string };

function handshake(port: number, ca: string, options: Partial<ConnectionOptions>): Promise<Handshake> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, ca, servername: undefined, ...options }, () => {
      const result = { ok: true as const, protocol: socket.getProtocol(), cipher: socket.getCipher().name };
      socket.end();
      resolve(result);
    });
    socket.on('error', (error) => resolve({ ok: false, error: String(error) }));
  });
}

describe('TLS on the shop network', () => {
  it('prefers TLS 1.3, takes TLS 1.2 with an AEAD suite, refuses CBC-only and TLS 1.1 clients', async () => {
    const till = await openRegisterTill({ network: 'shop-network' });
    const ca = till.ca!;

    expect(await handshake(till.port, ca, {})).toMatchObject({ ok: true, protocol: 'TLSv1.3' });
    const aead12 = await handshake(till.port, ca, { maxVersion: 'TLSv1.2' });
    expect(aead12).toMatchObject({ ok: true, protocol: 'TLSv1.2' });
    expect(aead12.ok && aead12.cipher).toMatch(/GCM|CHACHA20/);
    // A client that could only settle for CBC (Node's default server list would take it).
    const cbcOnly = await handshake(till.port, ca, {
      maxVersion: 'TLSv1.2',
      ciphers: 'ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA384:ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA',
    });
    expect(cbcOnly.ok).toBe(false);
    const tls11 = await handshake(till.port, ca, {
      minVersion: 'TLSv1.1',
      maxVersion: 'TLSv1.1',
      ciphers: 'DEFAULT:@SECLEVEL=0',
    });
    expect(tls11.ok).toBe(false);

    // The API itself still answers over the AEAD handshake.
    expect((await till.registers[0]!.get('/openapi.json')).status).toBe(200);
  });

  it('takes the Bearer scheme in any case (RFC 9110), over HTTPS', async () => {
    const till = await openRegisterTill({ network: 'shop-network' });
    const register = till.registers[0]!;
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const answer = await register.request('GET', '/openapi.json', {
        key: null,
        headers: { Authorization: `${scheme} ${register.key}` },
      });
      expect(answer.status, scheme).toBe(200);
    }
    const wrong = await register.request('GET', '/openapi.json', {
      key: null,
      headers: { Authorization: `Basic ${register.key}` },
    });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'ecr.unauthorized' } });
  });
});
