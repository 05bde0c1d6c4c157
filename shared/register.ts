import { z } from 'zod';
import type { PaymentMethod, PaymentView, RegisterOrigin } from './payments.ts';
import type { Money } from './money.ts';
import type { Notice } from './notices.ts';
import { empty, printableText, referenceId, type Empty } from './request-atoms.ts';

// The register connection as the till's own screens see it (electron/core/ecr/ serves the register's API): the
// sale a register asked for, the keys an admin gave out, and where the connection listens.

/**
 * A sale the register asked for. waiting: a customer-QR sale waiting for the customer's code to be scanned at
 * the till (no payment exists yet); cancelled: called off before that scan; expired: nobody scanned a code before
 * `expiresAt`; started: the payment exists (a merchant-QR sale at once, a customer-QR sale once its code was
 * scanned) and `payment` is it.
 */
export type RegisterSaleState = 'waiting' | 'cancelled' | 'expired' | 'started';

export interface RegisterSale extends RegisterOrigin {
  /** The payment's reference, the same before and after the scan. */
  readonly referenceId: string;
  readonly method: PaymentMethod;
  readonly amount: Money;
  readonly note: string | null;
  readonly state: RegisterSaleState;
  readonly payment: PaymentView | null;
  /** Until when a customer-QR sale waits for its scan; null once its payment exists (the payment has its own). */
  readonly expiresAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A register key as the admin sees it: never the key itself (it is shown once, when created). */
export interface RegisterKeyView {
  readonly name: string;
  readonly createdAt: string;
  /** The last request made with it, to the minute; null if never used. */
  readonly lastUsedAt: string | null;
}

export interface RegisterConnectionStatus {
  readonly enabled: boolean;
  /** Where registers reach it now (e.g. http://127.0.0.1:8710/ecr/v1), null while it is not listening. */
  readonly baseUrl: string | null;
  /** Why it is not listening although enabled (a port another program took, a certificate not made), else null. */
  readonly problem: Notice | null;
  /**
   * unreadable: the register keys file cannot be read, so every register is refused (ecr.keys-unreadable)
   * until an admin creates a key, which sets the damaged file aside. Null when the keys are sound.
   */
  readonly keysProblem: 'unreadable' | null;
  /**
   * unreadable: on the shop network, the till's certificate or its private key is damaged, so the connection
   * does not listen until an admin makes a new certificate (ecr.newCertificate; every register pins the new one).
   */
  readonly certificateProblem: 'unreadable' | null;
  /** Shop network mode: the till's certificate, for the register to pin. Null on this computer only. */
  readonly certificate: RegisterCertificate | null;
}

export interface RegisterCertificate {
  /** SHA-256 of the certificate (DER), as upper-case hex pairs joined by colons: what browsers and openssl show. */
  readonly sha256Fingerprint: string;
  /** SHA-256 of its public key (SPKI), base64: curl's --pinnedpubkey "sha256//…". */
  readonly publicKeyPin: string;
  readonly notAfter: string;
}

// ---- its settings group (Settings → Register connection) ----

export const REGISTER_NETWORKS = ['this-computer', 'shop-network'] as const;
export type RegisterNetwork = (typeof REGISTER_NETWORKS)[number];
export const DEFAULT_REGISTER_PORT = 8710;

export const registerSettingsSchema = z.object({
  enabled: z.boolean(),
  /** A port of its own (not a privileged one): the register is configured with it. */
  port: z.number().int().min(1024).max(65_535),
  network: z.enum(REGISTER_NETWORKS),
  /** Refunds over the connection (no supervisor PIN: the register's key is the authority). */
  refundsAllowed: z.boolean(),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

// ---- the contract's part (electron/core/ecr/: the register's own HTTP API is described there) ----

export interface RegisterChannels {
  /** The register keys (never the keys themselves). Admin only, like settings.save. */
  'ecr.keys': { request: Empty; response: readonly RegisterKeyView[] };
  /** A new key for a register: the answer is the only time the key is shown (only its hash is kept). Admin only. */
  'ecr.createKey': { request: { name: string }; response: { key: string; view: RegisterKeyView } };
  /** The key stops working at once; its open event streams are closed. Admin only. */
  'ecr.revokeKey': { request: { name: string }; response: readonly RegisterKeyView[] };
  /** Where the connection listens now, and the certificate a shop-network register pins. */
  'ecr.status': { request: Empty; response: RegisterConnectionStatus };
  /** The register sale the cashier's screen should show (one waiting for its scan, or a payment still open), if any. */
  'ecr.openSale': { request: Empty; response: RegisterSale | null };
  /** The cashier calls off a register's sale: its payment's cancel, or a customer-QR sale not scanned yet. */
  'ecr.cancelSale': { request: { referenceId: string }; response: RegisterSale };
  /**
   * A new certificate for the shop network (its key damaged, or the admin's choice): the old one is set aside and
   * the answer is the new pin, which every register must pin again. Admin only.
   */
  'ecr.newCertificate': { request: Empty; response: RegisterCertificate };
}

export interface RegisterEvents {
  /** A register started a sale (the cashier's screen shows it at once), or it changed before its payment exists. */
  'ecr.sale': RegisterSale;
}

/** A key's name: what the admin calls the register (shown on the cashier's screen with its sales). */
export const registerKeyName = printableText(40)
  .trim()
  .min(1)
  .regex(/^[\p{L}\p{N} ._-]+$/u, 'letters, digits, spaces and . _ -');

export const registerRequestSchemas: { [K in keyof RegisterChannels]: z.ZodType<RegisterChannels[K]['request']> } = {
  'ecr.keys': empty,
  'ecr.createKey': z.object({ name: registerKeyName }).strict(),
  'ecr.revokeKey': z.object({ name: registerKeyName }).strict(),
  'ecr.status': empty,
  'ecr.openSale': empty,
  'ecr.cancelSale': z.object({ referenceId }).strict(),
  'ecr.newCertificate': empty,
};
