import { z } from 'zod';
import { LOCALES, type Locale } from './locales/index.ts';
import { CURRENCIES, COUNTRIES, CURRENCY_OF_COUNTRY } from './money.ts';
import { DEFAULT_HEAD_OFFICE_SETTINGS, headOfficeSettingsSchema } from './head-office.ts';
import { DEFAULT_PRINTER_PORT, printerSettingsSchema } from './printer.ts';
import { DEFAULT_REGISTER_PORT, registerSettingsSchema } from './register.ts';
import { DEFAULT_STAFF_SETTINGS, staffSettingsSchema } from './staff.ts';
import { updateSettingsSchema } from './updates.ts';
import { tokenizedSettingsSchema } from './customers.ts';
import { machineSettingsSchema, scannerSettingsSchema, syslogSettingsSchema } from './device-settings.ts';
import type { Notice } from './notices.ts';
import { empty, printableText, type Empty } from './request-atoms.ts';

// Settings as the renderer sees them. Secrets are never in here: only `has…` flags. Writing a secret goes
// through `secrets` in a SettingsPatch and ends in main's vault. The settings.* channels are at the end.

export type EnvironmentId =
  'embedded-sandbox' | 'provider-sandbox' | 'sg-production' | 'hk-production' | 'th-production' | 'custom';

export const ENVIRONMENT_IDS = [
  'embedded-sandbox',
  'provider-sandbox',
  'sg-production',
  'hk-production',
  'th-production',
  'custom',
] as const satisfies readonly EnvironmentId[];

export const MODES = ['cashier', 'kiosk', 'refund-counter'] as const;
export type TerminalMode = (typeof MODES)[number];

// The languages are registered with their words, in shared/locales/index.ts.
export { LOCALES, type Locale };

/** Who says yes before a linked customer's stored wallet is charged: the customer on their display, or a supervisor. */
export const LINKED_APPROVALS = ['customer-display', 'supervisor-pin'] as const;
export type LinkedApproval = (typeof LINKED_APPROVALS)[number];

const letterDigitHyphen = /^[A-Za-z0-9-]*$/;

export const partnerSchema = z.object({
  merchantId: z.string().max(64),
  merchantCategoryCode: z.number().int().min(0).max(9999).nullable(),
  merchantTradingName: z.string().max(100),
  merchantEntityId: z.string().max(64),
});

export const settingsSchema = z
  .object({
    environment: z.enum(ENVIRONMENT_IDS),
    /** Only for `custom` (AU production, a proxy): an https URL, or http on loopback. */
    customBaseUrl: z.string().max(300),
    accessKeyId: z.string().max(128),
    posId: z.string().max(64),
    country: z.enum(COUNTRIES),
    currency: z.enum(CURRENCIES),
    merchantName: printableText(80).min(1),
    terminalReference: z.string().regex(letterDigitHyphen).max(36),
    mode: z.enum(MODES),
    /**
     * Lock the app's window full screen (no frame, no window controls) for a cashier or refund-counter till;
     * kiosk mode is always full screen, whatever this says.
     */
    kiosk: z.boolean(),
    /**
     * Kiosk mode: an unpaid QR is cancelled after this many seconds (a "Still there?" prompt comes first), so the
     * next customer can never pay the one who walked away.
     */
    kioskUnpaidCancelSeconds: z.number().int().min(30).max(600),
    locale: z.enum(LOCALES),
    webhookUrl: z.string().max(300),
    /**
     * Port on this computer where the in-store webhook listener runs for a real environment (the public
     * webhookUrl must forward to it); 0 = no listener. Demo mode always listens on loopback.
     */
    webhookListenPort: z.number().int().min(0).max(65_535),
    partner: partnerSchema,
    amountLimits: z.object({ minMinor: z.number().int().min(1), maxMinor: z.number().int().min(1) }),
    scanner: scannerSettingsSchema,
    cameraDeviceId: z.string().max(256),
    /**
     * The Refund screen reads the receipt's QR with the camera too (the USB scanner always works). Off by
     * default: a till without a camera, or one that only takes payments, never starts it there.
     */
    refundCamera: z.boolean(),
    resultDismissSeconds: z.number().int().min(0).max(600),
    /** Print the customer's receipt by itself when a payment is shown Paid (else only on "Print receipt"). */
    printReceiptWhenPaid: z.boolean(),
    /**
     * Status lookups this terminal may send per second, shared by all its open orders (the provider does not
     * publish a limit; 5 keeps a busy till well clear of one, and a lower value suits a metered link).
     */
    statusRequestsPerSecond: z.number().int().min(1).max(20),
    /** Who approves a linked-customer charge or capture before the wallet is charged. */
    linkedApproval: z.enum(LINKED_APPROVALS),
    tokenized: tokenizedSettingsSchema,
    /**
     * The register connection (electron/core/ecr/): the shop's own register program starts, follows, cancels
     * and refunds payments over a local HTTP API. Off by default; on this computer only (127.0.0.1, plain
     * HTTP) or on the shop network (HTTPS with the till's own certificate).
     */
    ecr: registerSettingsSchema,
    printer: printerSettingsSchema,
    /** People at the till (electron/core/staff/): sign-in, the refund limit without approval. */
    staff: staffSettingsSchema,
    /**
     * The language the customer reads, on the customer display and the kiosk's customer screens: '' = the till's
     * own (`locale`). A Singapore counter may run in English while its customers read Simplified Chinese or Malay.
     */
    customerLocale: z.union([z.literal(''), z.enum(LOCALES)]),
    updates: updateSettingsSchema,
    machine: machineSettingsSchema,
    syslog: syslogSettingsSchema,
    /**
     * Help for the customer on the screens that face them (the kiosk's and the customer display; never the
     * cashier's): larger text, and the paid and failed sounds on the customer display too (a kiosk always
     * sounds, as the cashier's screen does). Off by default: the cashier's screen already sounds through the
     * same speaker, and a customer display's own text is sized for a step away.
     */
    customerHelp: z.object({ largeText: z.boolean(), soundOnResult: z.boolean() }),
    /**
     * The chain's head office (electron/core/head-office/): this till sends its journal's changes to one PostgreSQL
     * (its URL is the secret `headOfficeUrl`). Off by default: a till alone works as without one.
     */
    headOffice: headOfficeSettingsSchema,
  })
  .refine((s) => CURRENCY_OF_COUNTRY[s.country] === s.currency, {
    message: 'Currency is not supported in the selected country',
    path: ['currency'],
  })
  .refine((s) => s.amountLimits.minMinor <= s.amountLimits.maxMinor, {
    message: 'The minimum amount is above the maximum',
    path: ['amountLimits'],
  });

export type Settings = z.infer<typeof settingsSchema>;

export const SECRET_NAMES = [
  'accessKeySecret',
  'supervisorPin',
  'adminPin',
  'tokenizedMerchantSecret',
  'headOfficeUrl',
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export interface SettingsView {
  readonly settings: Settings;
  /** Which secrets are stored; their values never leave main. */
  readonly secrets: Readonly<Record<SecretName, boolean>>;
  readonly demo: boolean;
  /**
   * The secret vault exists but cannot be read (a damaged file, or the OS key store changed): settings are
   * locked for everyone until it is restored or explicitly reset (settings.resetVault).
   */
  readonly vaultUnreadable: boolean;
  /** The wrong-PIN lockouts journalled on this till (oldest first, the newest 200): for the admin to see. */
  readonly pinLockouts: readonly PinLockoutRecord[];
  /** The fleet's policy file, when this till has one (electron/core/policy/): which fields it sets and locks. */
  readonly policy?: SettingsPolicyView | undefined;
}

/**
 * What the customer display reads of the settings (settings.display): what it shows and obeys, nothing more.
 * The shopper's side of the counter never gets the till's addresses, keys' names, staff or lockouts.
 */
export interface DisplaySettings {
  /** The language the customer reads: Settings' customer language, or the till's own where that is ''. */
  readonly locale: Locale;
  readonly merchantName: string;
  /** How long a payment's result stays up before the display goes back to idle. */
  readonly resultDismissSeconds: number;
  readonly customerHelp: Settings['customerHelp'];
  /** A demo till (the embedded sandbox): the display says DEMO, so nobody thinks they really paid. */
  readonly demo: boolean;
}

/**
 * A managed till's policy: the file that sets it (the organisation's), the fields it locks (dotted paths: a
 * whole group, `ecr`, or one field of it, `ecr.port`) and the parts of it not used, each with why.
 */
export interface SettingsPolicyView {
  readonly file: string;
  readonly locked: readonly string[];
  readonly problems: readonly PolicyProblem[];
}

export interface PolicyProblem {
  /** The setting (or part of the file) it is about; null for the file as a whole. */
  readonly field: string | null;
  readonly notice: Notice;
}

/** One wrong-PIN lockout: which PIN, when it began and when it ends (ISO 8601). */
export interface PinLockoutRecord {
  /** 'sign-in': a staff sign-in at this till (electron/core/staff/). */
  readonly pin: 'admin' | 'supervisor' | 'sign-in';
  readonly at: string;
  readonly until: string;
}

/** What settings.resetVault must be sent, so that no stray or replayed call wipes the credentials. */
export const VAULT_RESET_CONFIRMATION = 'delete-credentials-and-pins';

/**
 * The settings part of a patch. A `__proto__` key (JSON can carry one) would be dropped by zod's record without
 * a word; it is refused instead, like every other name that is no setting (the settings service refuses the
 * rest: constructor, toString… at the top level and in groups).
 */
const settingsRecord = z.preprocess(
  (raw, ctx) => {
    if (raw !== null && typeof raw === 'object' && Object.hasOwn(raw, '__proto__')) {
      ctx.addIssue({ code: 'custom', message: 'Unknown setting: __proto__', path: ['__proto__'] });
    }
    return raw;
  },
  z.record(z.string(), z.unknown()),
);

export const settingsPatchSchema = z.object({
  settings: settingsRecord.optional(),
  /** A string stores the secret; null deletes it. Absent keys stay as they are. */
  secrets: z.partialRecord(z.enum(SECRET_NAMES), z.string().max(512).nullable()).optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Settings = {
  environment: 'embedded-sandbox',
  customBaseUrl: '',
  accessKeyId: '',
  posId: '',
  country: 'SG',
  currency: 'SGD',
  merchantName: 'Demo Coffee Bar',
  terminalReference: 'TILL-01',
  mode: 'cashier',
  kiosk: false,
  kioskUnpaidCancelSeconds: 90,
  locale: 'en',
  webhookUrl: '',
  webhookListenPort: 0,
  partner: { merchantId: '', merchantCategoryCode: null, merchantTradingName: '', merchantEntityId: '' },
  amountLimits: { minMinor: 1, maxMinor: 1_000_000 },
  scanner: { maxInterKeyMs: 35, minLength: 8, terminator: 'Enter' },
  cameraDeviceId: '',
  refundCamera: false,
  resultDismissSeconds: 8,
  printReceiptWhenPaid: false,
  statusRequestsPerSecond: 5,
  linkedApproval: 'customer-display',
  tokenized: { merchantId: '', callbackUrl: '', customBaseUrl: '', webhookUrl: '', webhookListenPort: 0 },
  ecr: { enabled: false, port: DEFAULT_REGISTER_PORT, network: 'this-computer', refundsAllowed: false },
  printer: {
    kind: 'system',
    host: '',
    port: DEFAULT_PRINTER_PORT,
    path: '',
    widthMm: 80,
    drawerOnMs: 0,
    drawerOffMs: 200,
  },
  staff: DEFAULT_STAFF_SETTINGS,
  customerLocale: '',
  // No feed until the shop's IT gives one; the window is the dead of night.
  updates: { feedUrl: '', windowStart: '02:00', windowEnd: '05:00' },
  // Off: a login item is the machine owner's choice (and a developer's laptop must not get one from `npm start`);
  // on: a till's screen going dark in front of a customer is never wanted.
  machine: { launchAtLogin: false, keepDisplayAwake: true },
  syslog: { enabled: false, host: '', port: 6514, tls: true },
  customerHelp: { largeText: false, soundOnResult: false },
  headOffice: DEFAULT_HEAD_OFFICE_SETTINGS,
};

export interface ConnectionTestResult {
  readonly reachable: boolean;
  readonly signatureAccepted: boolean;
  readonly clockSkewMs: number | null;
  readonly latencyMs: number | null;
  /** One sentence for the admin: what worked, or what to fix (rendered in the till's language). */
  readonly notice: Notice;
}

export interface SettingsChannels {
  'settings.get': { request: Empty; response: SettingsView };
  /** The customer display's own view of the settings: what it shows and obeys, nothing of the till's. */
  'settings.display': { request: Empty; response: DisplaySettings };
  'settings.save': { request: SettingsPatch; response: SettingsView };
  /** Empty: tests what is saved. With a patch: what the settings would be (unsaved form), secrets renderer → main only. */
  'settings.testConnection': { request: SettingsPatch; response: ConnectionTestResult };
  'settings.verifyPin': { request: { kind: 'admin' | 'supervisor'; pin: string }; response: { valid: boolean } };
  /**
   * Only while the secret vault cannot be read (SettingsView.vaultUnreadable): sets it aside and starts an
   * empty one, so every credential and PIN must be entered again. Refused while the vault is readable.
   */
  'settings.resetVault': { request: { confirm: typeof VAULT_RESET_CONFIRMATION }; response: SettingsView };
}

export interface SettingsEvents {
  'settings.changed': SettingsView;
}

export const settingsRequestSchemas: { [K in keyof SettingsChannels]: z.ZodType<SettingsChannels[K]['request']> } = {
  'settings.get': empty,
  'settings.display': empty,
  'settings.save': settingsPatchSchema.strict(),
  'settings.testConnection': settingsPatchSchema.strict(),
  'settings.verifyPin': z.object({ kind: z.enum(['admin', 'supervisor']), pin: z.string().min(1).max(32) }).strict(),
  'settings.resetVault': z.object({ confirm: z.literal(VAULT_RESET_CONFIRMATION) }).strict(),
};
