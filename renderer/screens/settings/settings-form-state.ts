import type { AppError } from '../../../shared/result.ts';
import type { SecretName, Settings } from '../../../shared/settings.ts';
import { withSecret, type FieldErrors, type SecretDrafts } from './settings-draft.ts';

// Everything the Settings form remembers, in one place, changed only by the steps below: the admin edits,
// a save starts and ends one of three ways, the PIN dialog closes. Any edit clears the last note, so a
// "Settings saved." never stands next to unsaved changes.

export interface SettingsFormState {
  /** What main holds: the patch is the difference between this and the draft. */
  readonly saved: Settings;
  readonly draft: Settings;
  readonly secrets: SecretDrafts;
  readonly fieldErrors: FieldErrors;
  /** Shown under the form: a refused save or a failed connection test. */
  readonly error: AppError | null;
  /** A note under the form: saved, nothing to save, why not saved. */
  readonly message: string | null;
  readonly busy: boolean;
  /** Main asked for the admin PIN again; the dialog is open over the unsaved form. */
  readonly relocked: boolean;
  /** A new PIN typed a second time, to catch a slip of the finger before it locks anyone out. */
  readonly pinConfirms: Partial<Record<PinName, string>>;
  /** Counts refusals with field problems: each one opens the first problem's section and scrolls to it. */
  readonly refusals: number;
}

export type PinName = 'supervisorPin' | 'adminPin';

export type SettingsFormAction =
  | { readonly type: 'edited'; readonly edit: (draft: Settings) => Settings; readonly field?: string | undefined }
  | { readonly type: 'secretEdited'; readonly name: SecretName; readonly value: string | null | undefined }
  | { readonly type: 'pinConfirmEdited'; readonly name: PinName; readonly value: string }
  | { readonly type: 'problemsFound'; readonly fieldErrors: FieldErrors; readonly error: AppError | null }
  | { readonly type: 'noted'; readonly message: string | null }
  | { readonly type: 'errorReported'; readonly error: AppError }
  | { readonly type: 'saveStarted' }
  | { readonly type: 'saveRefused'; readonly error: AppError; readonly fieldErrors: FieldErrors }
  | { readonly type: 'pinRequired' }
  | { readonly type: 'pinDialogClosed' }
  | { readonly type: 'saved'; readonly settings: Settings; readonly message: string };

export function startEditing(settings: Settings): SettingsFormState {
  return {
    saved: settings,
    draft: settings,
    secrets: {},
    fieldErrors: {},
    error: null,
    message: null,
    busy: false,
    relocked: false,
    pinConfirms: {},
    refusals: 0,
  };
}

export function settingsFormReducer(state: SettingsFormState, action: SettingsFormAction): SettingsFormState {
  switch (action.type) {
    // A field the admin edits loses its old message: what is left marked is what is left to fix.
    case 'edited':
      return {
        ...state,
        draft: action.edit(state.draft),
        message: null,
        ...fixed(state, without(state.fieldErrors, action.field)),
      };
    case 'secretEdited':
      return {
        ...state,
        secrets: withSecret(state.secrets, action.name, action.value),
        message: null,
        ...fixed(state, without(state.fieldErrors, action.name)),
      };
    case 'pinConfirmEdited':
      return {
        ...state,
        pinConfirms: { ...state.pinConfirms, [action.name]: action.value },
        message: null,
        ...fixed(state, without(state.fieldErrors, `${action.name}Confirm`)),
      };
    case 'problemsFound':
      return {
        ...state,
        busy: false,
        error: action.error,
        fieldErrors: action.fieldErrors,
        refusals: state.refusals + 1,
        message: null,
      };
    case 'noted':
      return { ...state, message: action.message };
    case 'errorReported':
      return { ...state, error: action.error };
    case 'saveStarted':
      return { ...state, busy: true, error: null };
    case 'saveRefused': {
      const found = Object.keys(action.fieldErrors).length > 0;
      return {
        ...state,
        busy: false,
        error: action.error,
        fieldErrors: action.fieldErrors,
        refusals: state.refusals + (found ? 1 : 0),
      };
    }
    case 'pinRequired':
      return { ...state, busy: false, relocked: true };
    case 'pinDialogClosed':
      return { ...state, relocked: false };
    case 'saved':
      return {
        ...state,
        busy: false,
        saved: action.settings,
        draft: action.settings,
        secrets: {},
        pinConfirms: {},
        fieldErrors: {},
        message: action.message,
      };
  }
}

function without(errors: FieldErrors, field: string | undefined): FieldErrors {
  if (field === undefined || !(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/**
 * The field problems left after an edit. A refusal that was only about fields goes with the last of them: the
 * save bar must not say "not saved" for a form whose every marked field is now fixed.
 */
function fixed(state: SettingsFormState, fieldErrors: FieldErrors): Pick<SettingsFormState, 'fieldErrors' | 'error'> {
  const lastFixed = Object.keys(state.fieldErrors).length > 0 && Object.keys(fieldErrors).length === 0;
  return { fieldErrors, error: lastFixed ? null : state.error };
}
