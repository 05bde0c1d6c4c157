import type { SecretName, Settings } from '../../../shared/settings.ts';

// Settings in sections an admin can find things in (instead of one long form), and which section each field
// lives in, so a refused save opens the section of its first problem and each tab shows how many it holds.

export const SETTINGS_SECTIONS = [
  'connection',
  'terminal',
  'payments',
  'devices',
  'pins',
  'staff',
  'linked',
  'register',
  'updates',
  'headOffice',
  // No setting of its own: the logs, the support bundle, the fleet's policy and Check this till (AboutSection.tsx).
  'about',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Every setting and secret has a section: a new one without it fails to compile. */
const SECTION_OF: Readonly<Record<keyof Settings | SecretName, SettingsSection>> = {
  environment: 'connection',
  customBaseUrl: 'connection',
  accessKeyId: 'connection',
  accessKeySecret: 'connection',
  posId: 'connection',
  webhookUrl: 'connection',
  webhookListenPort: 'connection',
  partner: 'connection',
  merchantName: 'terminal',
  business: 'terminal',
  terminalReference: 'terminal',
  country: 'terminal',
  currency: 'terminal',
  mode: 'terminal',
  kiosk: 'terminal',
  kioskUnpaidCancelSeconds: 'terminal',
  locale: 'terminal',
  customerLocale: 'terminal',
  amountLimits: 'payments',
  resultDismissSeconds: 'payments',
  printReceiptWhenPaid: 'payments',
  statusRequestsPerSecond: 'payments',
  scanner: 'devices',
  cameraDeviceId: 'devices',
  refundCamera: 'devices',
  printer: 'devices',
  supervisorPin: 'pins',
  adminPin: 'pins',
  linkedApproval: 'linked',
  tokenized: 'linked',
  tokenizedMerchantSecret: 'linked',
  ecr: 'register',
  staff: 'staff',
  updates: 'updates',
  machine: 'updates',
  syslog: 'updates',
  customerHelp: 'terminal',
  headOffice: 'headOffice',
  headOfficeUrl: 'headOffice',
};

/** "scanner.minLength" → devices; a PIN's confirmation ("adminPinConfirm") → pins; unknown → connection. */
export function sectionOfField(path: string): SettingsSection {
  const head = path.split('.')[0]!.replace(/Confirm$/, '');
  return Object.hasOwn(SECTION_OF, head) ? SECTION_OF[head as keyof typeof SECTION_OF] : 'connection';
}

/** How many problems each section holds. */
export function problemsBySection(fields: readonly string[]): Readonly<Record<SettingsSection, number>> {
  const counts = Object.fromEntries(SETTINGS_SECTIONS.map((section) => [section, 0])) as Record<
    SettingsSection,
    number
  >;
  for (const field of fields) counts[sectionOfField(field)] += 1;
  return counts;
}

/** The section to open after a refused save: the first one, in tab order, with a problem. */
export function firstSectionWithProblem(fields: readonly string[]): SettingsSection | null {
  const counts = problemsBySection(fields);
  return SETTINGS_SECTIONS.find((section) => counts[section] > 0) ?? null;
}
