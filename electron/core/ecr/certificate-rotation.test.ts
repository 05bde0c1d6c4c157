import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_FOLDER, ensureCertificate, renewCertificate } from './certificate.ts';

// Issue 35.5: a new register certificate leaves no old private key on the disk, unless the old pair was damaged
// (then it is set aside for support, as it was found). Real files in a temporary data folder.

let dir: string;
let folder: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'certificate-rotation-'));
  folder = join(dir, CERTIFICATE_FOLDER);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Every file in the certificate folder, with its text. */
const filesNow = (): Record<string, string> =>
  Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), 'utf8')]));

describe('a new register certificate', () => {
  it('deletes the working old private key: no file in the folder holds it', () => {
    const old = ensureCertificate(dir);
    const made = renewCertificate(dir);
    const files = filesNow();
    expect(Object.keys(files).sort()).toEqual(['certificate.pem', 'private-key.pem']);
    expect(Object.values(files).some((text) => text.includes(old.privateKeyPem.trim()))).toBe(false);
    expect(files['private-key.pem']).toBe(made.privateKeyPem);
  });

  it('keeps a damaged pair aside for support', () => {
    ensureCertificate(dir);
    const damaged = '-----BEGIN PRIVATE KEY-----\nZGFtYWdlZA==\n-----END PRIVATE KEY-----\n';
    writeFileSync(join(folder, 'private-key.pem'), damaged);
    renewCertificate(dir);
    const files = filesNow();
    const asideKey = Object.keys(files).find((name) => name.startsWith('private-key.pem.unreadable-'));
    expect(asideKey && files[asideKey]).toBe(damaged);
    expect(Object.keys(files).filter((name) => name.startsWith('certificate.pem.unreadable-'))).toHaveLength(1);
  });

  it('deletes a working pair an earlier version set aside, and keeps a damaged one', () => {
    const first = ensureCertificate(dir);
    // As the earlier version left a working pair after "Make a new certificate".
    renameSync(join(folder, 'private-key.pem'), join(folder, 'private-key.pem.unreadable-2026-01-01T00-00-00-000Z'));
    renameSync(join(folder, 'certificate.pem'), join(folder, 'certificate.pem.unreadable-2026-01-01T00-00-00-000Z'));
    writeFileSync(join(folder, 'private-key.pem.unreadable-2026-02-01T00-00-00-000Z'), 'damaged');
    writeFileSync(join(folder, 'certificate.pem.unreadable-2026-02-01T00-00-00-000Z'), 'damaged');
    ensureCertificate(dir);
    renewCertificate(dir);
    const files = filesNow();
    expect(Object.values(files).some((text) => text.includes(first.privateKeyPem.trim()))).toBe(false);
    expect(Object.keys(files).sort()).toEqual([
      'certificate.pem',
      'certificate.pem.unreadable-2026-02-01T00-00-00-000Z',
      'private-key.pem',
      'private-key.pem.unreadable-2026-02-01T00-00-00-000Z',
    ]);
  });
});
