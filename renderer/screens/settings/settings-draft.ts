import type { Locale, SecretName, Settings, SettingsPatch } from '../../../shared/settings.ts';
import type { AppError } from '../../../shared/result.ts';
import { errorMessage } from '../../components/ErrorText.tsx';
import { noticeText } from '../../i18n/notices.ts';

// Pure helpers for the Settings form: change one field of the draft by its typed key, turn the edited draft
// into the smallest patch, and spread a `settings.invalid` error's details onto the fields they name.

/** The settings that hold a group of fields ("scanner", "partner", …) rather than one value. */
export type SettingsGroup = { [K in keyof Settings]: Settings[K] extends object ? K : never }[keyof Settings];

/**
 * A field as the core names it in error details: a top-level setting, a group's field
 * ("scanner.maxInterKeyMs") or a secret. Built from the settings type, so a misspelt field fails to compile.
 */
export type FieldPath =
  keyof Settings | { [G in SettingsGroup]: `${G}.${keyof Settings[G] & string}` }[SettingsGroup] | SecretName;

/** Messages from a refused save, keyed by the field the core named (unchecked: it comes over the wire). */
export type FieldErrors = Readonly<Record<string, string>>;

export function withField<K extends keyof Settings>(settings: Settings, key: K, value: Settings[K]): Settings {
  return { ...settings, [key]: value };
}

export function withGroupField<G extends SettingsGroup, K extends keyof Settings[G]>(
  settings: Settings,
  group: G,
  key: K,
  value: Settings[G][K],
): Settings {
  return withField(settings, group, { ...settings[group], [key]: value });
}

/** Secret drafts: a string replaces the secret, null removes it, absent leaves it as it is. */
export type SecretDrafts = Partial<Record<SecretName, string | null>>;

/** `undefined` drops the draft: the secret stays as it is. */
export function withSecret(secrets: SecretDrafts, name: SecretName, value: string | null | undefined): SecretDrafts {
  const next = { ...secrets };
  if (value === undefined) delete next[name];
  else next[name] = value;
  return next;
}

/**
 * A number field holds NaN while its text is not a number it takes; such a draft is not saved. (The webhook
 * listener ports are not in this list: an unreadable port goes to the core, which names it.)
 */
export function hasUnreadableNumber(draft: Settings): boolean {
  return [
    draft.amountLimits.minMinor,
    draft.amountLimits.maxMinor,
    draft.resultDismissSeconds,
    draft.kioskUnpaidCancelSeconds,
    draft.statusRequestsPerSecond,
    draft.scanner.maxInterKeyMs,
    draft.scanner.minLength,
    draft.partner.merchantCategoryCode ?? 0,
    draft.business.taxRatePercent,
  ].some((value) => Number.isNaN(value));
}

/** The top-level settings that differ from the saved ones (nested groups are sent whole), plus typed secrets. */
export function buildPatch(saved: Settings, draft: Settings, secrets: SecretDrafts): SettingsPatch | null {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof Settings)[]) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(saved[key])) changed[key] = draft[key];
  }
  const secretChanges: Partial<Record<SecretName, string | null>> = {};
  for (const [name, value] of Object.entries(secrets) as [SecretName, string | null | undefined][]) {
    if (value === null || (typeof value === 'string' && value !== '')) secretChanges[name] = value;
  }
  const hasSettings = Object.keys(changed).length > 0;
  const hasSecrets = Object.keys(secretChanges).length > 0;
  if (!hasSettings && !hasSecrets) return null;
  return { ...(hasSettings ? { settings: changed } : {}), ...(hasSecrets ? { secrets: secretChanges } : {}) };
}

/**
 * Field-level messages from a refused save (or a refused connection test of the form). The settings service
 * names every field it refused in `fieldNotices` (dotted paths: `currency`, `scanner.maxInterKeyMs`, or a
 * secret's name) with what is wrong with each; the messages, in the till's language, go next to those fields.
 * An older reply names one field in `details.field`.
 */
export function fieldErrorsOf(error: AppError, locale: Locale): FieldErrors {
  // A field the fleet's policy locks is named like a refused one (settings.locked).
  if (error.code !== 'settings.invalid' && error.code !== 'settings.locked') return {};
  if (error.fieldNotices) {
    return Object.fromEntries(
      Object.entries(error.fieldNotices).map(([field, what]) => [field, noticeText(what, locale)]),
    );
  }
  const field = error.details?.field;
  if (typeof field !== 'string' || field === '') return {};
  return { [field]: errorMessage(error, locale) };
}

/** The message for a field: its own, or one reported for the group it belongs to ("amountLimits"). */
export function messageFor(errors: FieldErrors, path: FieldPath): string | undefined {
  if (errors[path]) return errors[path];
  const parts = path.split('.');
  for (let length = parts.length - 1; length > 0; length--) {
    const parent = parts.slice(0, length).join('.');
    if (errors[parent]) return errors[parent];
  }
  return undefined;
}
