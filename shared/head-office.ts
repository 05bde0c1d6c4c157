import { z } from 'zod';
import type { CurrencyCode } from './money.ts';
import { day, empty, type Empty } from './request-atoms.ts';

// The head office (electron/core/head-office/): every till of a chain writing into one PostgreSQL the chain
// already runs, never a server of ours and never on the payment path. A till sends its journal's changes from
// an outbox, in order and exactly once (by till and sequence number); the shop's day and the shop's tills are
// read back from there. Optional: with it off, a till works exactly as alone.

/** The settings group (Settings → Head office). The URL, with its credentials, is the secret `headOfficeUrl`. */
export interface HeadOfficeSettings {
  readonly enabled: boolean;
  /** Which shop of the chain this till belongs to: its tills share one staff roster and one day. */
  readonly shopId: string;
}

export const DEFAULT_HEAD_OFFICE_SETTINGS: HeadOfficeSettings = { enabled: false, shopId: '' };

/** A shop id: what a chain's IT names its shops by (letters, digits, - _ .). */
export const shopId = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits and . _ -');

export const headOfficeSettingsSchema = z
  .object({ enabled: z.boolean(), shopId })
  .strict()
  .refine((group) => !group.enabled || group.shopId !== '', { message: 'a shop id', path: ['shopId'] });

/**
 * off: not enabled. connecting: enabled, not yet answered. connected: the last send or heartbeat went through.
 * failing: the last attempt failed (`problem` says why, in the words of HeadOfficeProblem).
 */
export const HEAD_OFFICE_STATES = ['off', 'connecting', 'connected', 'failing'] as const;
export type HeadOfficeState = (typeof HEAD_OFFICE_STATES)[number];

/**
 * Why the head office cannot be used: unreachable (no answer, refused, DNS), refused-login (wrong user or
 * password, no rights), schema-missing (no `wallet_pos` schema: run the migration), schema-newer (a version this
 * till does not know: the till writes nothing until it is updated), not-enrolled (this disk was copied from
 * another till: an admin must enrol it as a new till), tls (sslmode asked for TLS the server cannot give).
 */
export const HEAD_OFFICE_PROBLEMS = [
  'unreachable',
  'refused-login',
  'schema-missing',
  'schema-newer',
  'not-enrolled',
  'tls',
] as const;
export type HeadOfficeProblem = (typeof HEAD_OFFICE_PROBLEMS)[number];

export interface HeadOfficeStatus {
  readonly state: HeadOfficeState;
  /** Journal changes in the outbox not yet acknowledged by the head office. */
  readonly pendingEvents: number;
  /** When the last batch was acknowledged (ISO), null before the first. */
  readonly lastSentAt: string | null;
  readonly problem: HeadOfficeProblem | null;
}

/** What Test connection found: the server's version and the schema's, or the problem. */
export interface HeadOfficeTestResult {
  readonly ok: boolean;
  readonly problem: HeadOfficeProblem | null;
  /** e.g. "PostgreSQL 17.2"; null when not reached. */
  readonly serverVersion: string | null;
  /** The `wallet_pos` schema version found (null: none), and the one this till writes. */
  readonly schemaVersion: number | null;
  readonly tillSchemaVersion: number;
}

/** This till as the head office knows it. The tillId is made once, at first start, and shown in About. */
export interface TillIdentity {
  readonly tillId: string;
  /**
   * True when this data folder was made on another machine (a copied disk image): the till sends nothing to the
   * head office until an admin enrols it as a new till (`headOffice.enrol`).
   */
  readonly cloneSuspected: boolean;
}

export interface ShopDayTill {
  readonly tillId: string;
  readonly terminalReference: string;
  /** False: the till has not reported this day (listed as missing, never as zero). */
  readonly reported: boolean;
  readonly grossMinor: number;
  readonly refundsMinor: number;
  readonly netMinor: number;
  readonly payments: number;
  readonly online: boolean;
}

export interface ShopDay {
  readonly day: string;
  readonly currency: CurrencyCode;
  readonly tills: readonly ShopDayTill[];
  /** The sum of the reported tills' own day summaries, to the cent. */
  readonly totals: {
    readonly grossMinor: number;
    readonly refundsMinor: number;
    readonly netMinor: number;
    readonly payments: number;
  };
}

export interface ShopTill {
  readonly tillId: string;
  readonly terminalReference: string;
  /** Heard from in the last 90 s (a heartbeat every 30 s). */
  readonly online: boolean;
  readonly lastSeenAt: string;
  readonly version: string;
  /** Who is signed in (their name), null when nobody or sign-in is off. */
  readonly signedIn: string | null;
  /** The open shift's number, null when none. */
  readonly openShift: number | null;
  readonly unresolvedCount: number;
  /** The printer's state word (shared/printer.ts PrinterState), null when no ESC/POS printer. */
  readonly printerState: string | null;
}

export interface HeadOfficeChannels {
  'headOffice.status': { request: Empty; response: HeadOfficeStatus };
  /** Empty: tests what is saved. With a URL: tests that one (an unsaved form). Admin only. */
  'headOffice.test': { request: { url?: string | undefined }; response: HeadOfficeTestResult };
  'headOffice.identity': { request: Empty; response: TillIdentity };
  /** A till whose folder was copied: make it a new till (a new tillId) and start sending. Admin only. */
  'headOffice.enrol': { request: Empty; response: TillIdentity };
  'shop.day': { request: { day: string }; response: ShopDay };
  'shop.tills': { request: Empty; response: { readonly tills: readonly ShopTill[] } };
}

export interface HeadOfficeEvents {
  'headOffice.changed': HeadOfficeStatus;
}

const postgresUrl = z
  .string()
  .max(2048)
  .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL');

export const headOfficeRequestSchemas: {
  [K in keyof HeadOfficeChannels]: z.ZodType<HeadOfficeChannels[K]['request']>;
} = {
  'headOffice.status': empty,
  'headOffice.test': z.object({ url: postgresUrl.optional() }).strict(),
  'headOffice.identity': empty,
  'headOffice.enrol': empty,
  'shop.day': z.object({ day }).strict(),
  'shop.tills': empty,
};
