import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { CERTIFICATE_FOLDER, ensureCertificate } from './certificate.ts';
import { RegisterClient } from './register-client.test-helper.ts';
import { openRegisterTill, tillCertificatePem, waitFor } from './register-till.test-helper.ts';
import { tempFolder } from '../../testing/helpers.ts';

// The shop network's certificate: a damaged private key is never a listener that silently fails to start, nor
// a new certificate made behind the registers' backs. Settings says so (certificateProblem) and the admin makes
// a new one (ecr.newCertificate), whose pin is in the answer; the admin may make a new one while it listens too,
// and new connections get it at once.

/** The certificate the till presents to a TLS client now, or the error. */
function presented(port: number): Promise<{ fingerprint: string } | { error: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      const fingerprint = socket.getPeerCertificate().fingerprint256;
      socket.end();
      resolve({ fingerprint });
    });
    socket.on('error', (error) => resolve({ error: String(error) }));
  });
}

describe('the register connection’s certificate', () => {
  it('a damaged private key is said in Settings and not listened with; "Make a new certificate" starts it', async () => {
    const dir = tempFolder('ecr-certificate-');
    const old = ensureCertificate(dir);
    const keyPath = join(dir, CERTIFICATE_FOLDER, 'private-key.pem');
    writeFileSync(keyPath, '-----BEGIN PRIVATE KEY-----\nZGFtYWdlZA==\n-----END PRIVATE KEY-----\n');
    const till = await openRegisterTill({ dir, network: 'shop-network', keyNames: [] });

    expect(await till.core.handlers['ecr.status']({})).toMatchObject({
      enabled: true,
      baseUrl: null,
      problem: null,
      certificateProblem: 'unreadable',
      certificate: null,
    });
    // Nothing of the till's answers there: refused, or, with tests running side by side, another test's server
    // that took the freed port (seen at 6 workers) — never a certificate.
    expect(await presented(till.port)).toHaveProperty('error');
    // Not replaced behind the admin's back: the damaged key is where it was.
    expect(readFileSync(keyPath, 'utf8')).toContain('ZGFtYWdlZA==');

    const made = await till.core.handlers['ecr.newCertificate']({});
    expect(made.sha256Fingerprint).not.toBe(old.info.sha256Fingerprint);
    const status = await waitFor(async () => {
      const now = await till.core.handlers['ecr.status']({});
      return now.baseUrl === null ? undefined : now;
    });
    expect(status).toMatchObject({ certificateProblem: null, certificate: made });
    expect(await presented(till.port)).toEqual({ fingerprint: made.sha256Fingerprint });
    // The damaged pair is kept aside (0600); the new key is the till user's only.
    const folder = join(dir, CERTIFICATE_FOLDER);
    const aside = readdirSync(folder).filter((name) => name.includes('.unreadable-'));
    expect(aside.map((name) => name.split('.unreadable-')[0]).sort()).toEqual(['certificate.pem', 'private-key.pem']);
    for (const name of [...aside, 'private-key.pem']) expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600);

    // A register that pins the new certificate gets through.
    const { key } = await till.core.handlers['ecr.createKey']({ name: 'Front register' });
    const register = new RegisterClient(till.baseUrl, key, tillCertificatePem(dir));
    expect((await register.get('/openapi.json')).status).toBe(200);
  });

  it('a new certificate while listening: new connections get it at once, the old pin no longer works', async () => {
    const till = await openRegisterTill({ network: 'shop-network' });
    const before = (await till.core.handlers['ecr.status']({})).certificate!;
    expect(await presented(till.port)).toEqual({ fingerprint: before.sha256Fingerprint });

    const made = await till.core.handlers['ecr.newCertificate']({});
    expect(made.sha256Fingerprint).not.toBe(before.sha256Fingerprint);
    expect(made.publicKeyPin).not.toBe(before.publicKeyPin);
    expect(await presented(till.port)).toEqual({ fingerprint: made.sha256Fingerprint });
    expect((await till.core.handlers['ecr.status']({})).certificate).toEqual(made);
    // The register pinned to the old one is refused in the handshake; pinned anew, it gets through.
    await expect(till.registers[0]!.get('/openapi.json')).rejects.toThrow();
    const repinned = new RegisterClient(till.baseUrl, till.registers[0]!.key, tillCertificatePem(till.dir));
    expect((await repinned.get('/openapi.json')).status).toBe(200);
  });
});
