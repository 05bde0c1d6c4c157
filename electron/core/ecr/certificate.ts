import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  ExtendedKeyUsage,
  Extension,
  Extensions,
  GeneralName,
  id_ce_basicConstraints,
  id_ce_extKeyUsage,
  id_ce_subjectAltName,
  id_kp_serverAuth,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import type { RegisterCertificate } from '../../../shared/register.ts';
import { setFileAside, syncFolder, writePrivateFile } from '../files/private-file.ts';

// The till's own certificate for the register connection on the shop network: made on first use and kept, so
// a register that pinned it keeps trusting the same till. ECDSA P-256 (Node makes the key and signs), the
// X.509 structure encoded by @peculiar/asn1-x509 (Node has no certificate generator). The private key lives in
// the data folder, readable by the till's user only (0600, folder 0700), never anywhere else, written durably
// (files/private-file.ts: a power cut leaves the old pair or the new one, never a torn key).
//
// A pair that cannot be used (a key or certificate damaged, one without the other, a key that is not the
// certificate's) is never replaced on its own: registers pinned it, and a new one means telling each of them.
// Loading it throws CertificateUnreadable; Settings → Register says so and offers "Make a new certificate"
// (renewCertificate), which sets the damaged files aside for support and shows the new pin. The admin may also
// make a new one at any time (a key that may have leaked): then the old key is deleted, not kept.

export const CERTIFICATE_FOLDER = 'register-connection';
const CERTIFICATE_FILE = 'certificate.pem';
const PRIVATE_KEY_FILE = 'private-key.pem';
/** A pinned certificate cannot be renewed without telling every register: it lasts. */
const VALID_YEARS = 10;
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';

export interface TillCertificate {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  readonly info: RegisterCertificate;
}

/** The till's certificate and key pair cannot be used as kept: only the admin may replace it (renewCertificate). */
export class CertificateUnreadable extends Error {
  constructor(cause: unknown) {
    super('The register connection’s certificate or its private key is damaged', { cause });
    this.name = 'CertificateUnreadable';
  }
}

/** The certificate kept in the data folder, made now if there is none; throws CertificateUnreadable. */
export function ensureCertificate(dataDir: string, now: () => number = Date.now): TillCertificate {
  const { certificatePath, keyPath } = pathsIn(dataDir);
  const certificatePem = readIfThere(certificatePath);
  const privateKeyPem = readIfThere(keyPath);
  if (certificatePem === null && privateKeyPem === null) return writeNewCertificate(dataDir, now);
  try {
    if (certificatePem === null || privateKeyPem === null) throw new Error('one of the pair is missing');
    const certificate = new X509Certificate(certificatePem);
    if (!certificate.checkPrivateKey(createPrivateKey(privateKeyPem)))
      throw new Error('the key is not the certificate’s');
    return { certificatePem, privateKeyPem, info: describeCertificate(certificatePem) };
  } catch (error) {
    throw new CertificateUnreadable(error);
  }
}

/**
 * A new certificate: the admin's "Make a new certificate". A working old pair is gone once the new one is
 * written (its key replaced in place, never kept: a key that may have leaked must not stay on the disk). A damaged
 * pair is set aside beside it for support, as it was found. Working pairs an earlier version set aside are deleted.
 */
export function renewCertificate(dataDir: string, now: () => number = Date.now): TillCertificate {
  const { certificatePath, keyPath } = pathsIn(dataDir);
  if (!pairWorks(readIfPresent(certificatePath), readIfPresent(keyPath))) {
    const at = new Date(now());
    setFileAside(certificatePath, at);
    setFileAside(keyPath, at);
  }
  const made = writeNewCertificate(dataDir, now);
  deleteWorkingPairsSetAside(dataDir);
  return made;
}

/** A certificate and its own private key, both readable. */
function pairWorks(certificatePem: string | null, privateKeyPem: string | null): boolean {
  if (certificatePem === null || privateKeyPem === null) return false;
  try {
    return new X509Certificate(certificatePem).checkPrivateKey(createPrivateKey(privateKeyPem));
  } catch {
    return false;
  }
}

/** Before keys were rotated, a new certificate set the working old pair aside too: those keys go now. */
function deleteWorkingPairsSetAside(dataDir: string): void {
  const folder = join(dataDir, CERTIFICATE_FOLDER);
  const asideKey = `${PRIVATE_KEY_FILE}.unreadable-`;
  let deleted = false;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(asideKey)) continue;
    const keyPath = join(folder, name);
    const certificatePath = join(folder, `${CERTIFICATE_FILE}.unreadable-${name.slice(asideKey.length)}`);
    if (!pairWorks(readIfPresent(certificatePath), readIfPresent(keyPath))) continue;
    unlinkSync(keyPath);
    unlinkSync(certificatePath);
    deleted = true;
  }
  if (deleted) syncFolder(folder);
}

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function writeNewCertificate(dataDir: string, now: () => number): TillCertificate {
  const { certificatePath, keyPath } = pathsIn(dataDir);
  const made = makeSelfSignedCertificate(new Date(now()));
  // The key first: a certificate without its key would be kept and never work.
  writePrivateFile(keyPath, made.privateKeyPem);
  writePrivateFile(certificatePath, made.certificatePem);
  return { ...made, info: describeCertificate(made.certificatePem) };
}

function pathsIn(dataDir: string): { certificatePath: string; keyPath: string } {
  const folder = join(dataDir, CERTIFICATE_FOLDER);
  return { certificatePath: join(folder, CERTIFICATE_FILE), keyPath: join(folder, PRIVATE_KEY_FILE) };
}

function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CertificateUnreadable(error);
  }
}

/** What a register pins: the certificate's SHA-256 fingerprint, and its public key's (curl --pinnedpubkey). */
export function describeCertificate(certificatePem: string): RegisterCertificate {
  const certificate = new X509Certificate(certificatePem);
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return {
    sha256Fingerprint: certificate.fingerprint256,
    publicKeyPin: createHash('sha256').update(spki).digest('base64'),
    notAfter: new Date(certificate.validTo).toISOString(),
  };
}

export function makeSelfSignedCertificate(notBefore: Date): { certificatePem: string; privateKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const name = new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({
        type: COMMON_NAME,
        value: new AttributeValue({ utf8String: `Wallet POS register connection (${hostname()})` }),
      }),
    ]),
  ]);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  const signatureAlgorithm = new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f; // a positive INTEGER
  const extension = (extnID: string, value: unknown, critical = false): Extension =>
    new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: serial.buffer.slice(serial.byteOffset, serial.byteOffset + serial.byteLength),
    signature: signatureAlgorithm,
    issuer: name,
    validity: new Validity({ notBefore, notAfter }),
    subject: name,
    subjectPublicKeyInfo: AsnConvert.parse(spki, SubjectPublicKeyInfo),
    extensions: new Extensions([
      extension(id_ce_basicConstraints, new BasicConstraints({ cA: false }), true),
      extension(id_ce_extKeyUsage, new ExtendedKeyUsage([id_kp_serverAuth])),
      extension(id_ce_subjectAltName, new SubjectAlternativeName(subjectAltNames())),
    ]),
  });
  const tbs = Buffer.from(AsnConvert.serialize(tbsCertificate));
  // Node's ECDSA signature is DER (r, s): what X.509 carries.
  const signature = sign('sha256', tbs, privateKey);
  const certificate = new Certificate({
    tbsCertificate,
    signatureAlgorithm,
    signatureValue: signature.buffer.slice(signature.byteOffset, signature.byteOffset + signature.byteLength),
  });
  const der = Buffer.from(AsnConvert.serialize(certificate));
  return {
    certificatePem: toPem('CERTIFICATE', der),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The names a register may reach the till by: the machine's name, its network addresses, and this computer. */
function subjectAltNames(): GeneralName[] {
  const names = [new GeneralName({ dNSName: 'localhost' }), new GeneralName({ iPAddress: '127.0.0.1' })];
  if (/^[A-Za-z0-9.-]+$/.test(hostname())) names.push(new GeneralName({ dNSName: hostname() }));
  for (const address of shopNetworkAddresses()) names.push(new GeneralName({ iPAddress: address }));
  return names;
}

/** This computer's IPv4 addresses on the shop network (not loopback). */
export function shopNetworkAddresses(): string[] {
  const addresses: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) addresses.push(entry.address);
  }
  return addresses;
}

function toPem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
