import type { Dispatch } from 'react';
import type { SecretName, Settings, SettingsView } from '../../../shared/settings.ts';
import { messageFor, withField, withGroupField, type FieldPath, type SettingsGroup } from './settings-draft.ts';
import type { SettingsFormAction, SettingsFormState } from './settings-form-state.ts';

// What a fieldset gets from the shared draft: one binding per field, picked by typed keys, to spread on a
// field component (`{...draft.field('posId')}`). A misspelt key, or a binding of the wrong type for its
// field, fails to compile.

export interface FieldBinding<V> {
  readonly value: V;
  readonly onChange: (value: V) => void;
  /** The core's message for this field (or for its group) from the last refused save. */
  readonly problem: string | undefined;
  /** The fleet's policy locks it (electron/core/policy/): shown disabled, "Set by your organisation". */
  readonly locked: boolean;
}

/** A write-only secret: whether main holds one, and what the admin typed (or null: remove it). */
export interface SecretBinding {
  readonly name: SecretName;
  readonly stored: boolean;
  readonly draft: string | null | undefined;
  readonly onChange: (value: string | null | undefined) => void;
  readonly problem: string | undefined;
}

export interface SettingsDraft {
  readonly settings: Settings;
  field<K extends keyof Settings>(key: K): FieldBinding<Settings[K]>;
  groupField<G extends SettingsGroup, K extends keyof Settings[G] & string>(
    group: G,
    key: K,
  ): FieldBinding<Settings[G][K]>;
  secret(name: SecretName): SecretBinding;
  /** Several fields at once, for settings that must change together. */
  edit(change: Partial<Settings>): void;
}

export function bindDraft(
  state: SettingsFormState,
  dispatch: Dispatch<SettingsFormAction>,
  storedSecrets: SettingsView['secrets'],
  lockedFields: readonly string[] = [],
): SettingsDraft {
  // A locked group (`ecr`) locks each of its fields; a locked field (`ecr.port`) only itself.
  const isLocked = (path: string): boolean => lockedFields.includes(path) || lockedFields.includes(path.split('.')[0]!);
  const edit = (change: (draft: Settings) => Settings, field?: string): void =>
    dispatch({ type: 'edited', edit: change, field });
  return {
    settings: state.draft,
    field: (key) => ({
      value: state.draft[key],
      onChange: (value) => edit((draft) => withField(draft, key, value), key),
      problem: messageFor(state.fieldErrors, key),
      locked: isLocked(key),
    }),
    groupField: (group, key) => ({
      value: state.draft[group][key],
      onChange: (value) => edit((draft) => withGroupField(draft, group, key, value), `${group}.${key}`),
      // The path is made of two checked keys; TypeScript cannot match a template of type parameters to the union.
      problem: messageFor(state.fieldErrors, `${group}.${key}` as FieldPath),
      locked: isLocked(`${group}.${key}`),
    }),
    secret: (name) => ({
      name,
      stored: storedSecrets[name],
      draft: state.secrets[name],
      onChange: (value) => dispatch({ type: 'secretEdited', name, value }),
      problem: messageFor(state.fieldErrors, name),
    }),
    edit: (change) => edit((draft) => ({ ...draft, ...change })),
  };
}
