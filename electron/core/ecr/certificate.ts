import { createHash, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

// The till's own certificate for the register connection on the shop network: made on first use and kept, so
// a register that pinned it keeps trusting the same till. ECDSA P-256 (Node makes the key and signs), the
// X.509 structure encoded by @peculiar/asn1-x509 (Node has no certificate generator). The private key lives in
// the data folder, readable by the till's user only (0600, folder 0700), never anywhere else.

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

/** The certificate kept in the data folder, made now if there is none. */
export function ensureCertificate(dataDir: string, now: () => number = Date.now): TillCertificate {
  const folder = join(dataDir, CERTIFICATE_FOLDER);
  const certificatePath = join(folder, CERTIFICATE_FILE);
  const keyPath = join(folder, PRIVATE_KEY_FILE);
  try {
    const certificatePem = readFileSync(certificatePath, 'utf8');
    const privateKeyPem = readFileSync(keyPath, 'utf8');
    return { certificatePem, privateKeyPem, info: describeCertificate(certificatePem) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const made = makeSelfSignedCertificate(new Date(now()));
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  // The key first: a certificate without its key would be kept and never work.
  writePrivately(keyPath, made.privateKeyPem);
  writePrivately(certificatePath, made.certificatePem);
  return { ...made, info: describeCertificate(made.certificatePem) };
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

function writePrivately(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}
