import type { SecretName, Settings, SettingsPatch } from '../../../shared/settings.ts';
import type { AppError } from '../../../shared/result.ts';

// Pure helpers for the Settings form: read/write a field by its dotted path, turn the edited draft into
// the smallest patch, and spread a `settings.invalid` error's details onto the fields they name.

/** Dotted path of a field, as the core names it in error details ("scanner.maxInterKeyMs"). */
export type FieldPath = string;

export function getPath(settings: Settings, path: FieldPath): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), settings);
}

export function setPath(settings: Settings, path: FieldPath, value: unknown): Settings {
  const [head, ...rest] = path.split('.');
  if (!head) return settings;
  const current = settings as unknown as Record<string, unknown>;
  if (rest.length === 0) return { ...current, [head]: value } as unknown as Settings;
  const child = (current[head] ?? {}) as Settings;
  return { ...current, [head]: setPath(child, rest.join('.'), value) } as unknown as Settings;
}

/** Secret drafts: a string replaces the secret, null removes it, absent leaves it as it is. */
export type SecretDrafts = Partial<Record<SecretName, string | null>>;

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
 * Field-level message from a failed save. The settings service names the one field it refused in
 * `details.field` (a dotted path: `currency`, `scanner.maxInterKeyMs`, or a secret's name) and writes the
 * message for it ("Scanner: …"); the message goes next to that field.
 */
export function fieldErrorsOf(error: AppError): Readonly<Record<FieldPath, string>> {
  const field = error.details?.field;
  if (error.code !== 'settings.invalid' || typeof field !== 'string' || field === '') return {};
  return { [field]: error.message };
}

/** The message for a field: its own, or one reported for the group it belongs to ("amountLimits"). */
export function messageFor(errors: Readonly<Record<FieldPath, string>>, path: FieldPath): string | undefined {
  if (errors[path]) return errors[path];
  const parts = path.split('.');
  for (let length = parts.length - 1; length > 0; length--) {
    const parent = parts.slice(0, length).join('.');
    if (errors[parent]) return errors[parent];
  }
  return undefined;
}
