import { useEffect, useReducer, useRef } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { SettingsView } from '../../../shared/settings.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { bindDraft } from './draft-bindings.ts';
import { buildPatch, fieldErrorsOf, hasUnreadableNumber } from './settings-draft.ts';
import { settingsFormReducer, startEditing, type PinName } from './settings-form-state.ts';
import type { FieldErrors, SecretDrafts } from './settings-draft.ts';

const PIN_NAMES: readonly PinName[] = ['supervisorPin', 'adminPin'];

/** Each new PIN whose second entry differs (or is missing), as a problem on its confirmation field. */
function pinConfirmProblems(
  secrets: SecretDrafts,
  confirms: Partial<Record<PinName, string>>,
  differ: string,
): FieldErrors {
  const problems: Record<string, string> = {};
  for (const name of PIN_NAMES) {
    const typed = secrets[name];
    if (typeof typed === 'string' && typed !== '' && confirms[name] !== typed) problems[`${name}Confirm`] = differ;
  }
  return problems;
}

/**
 * The Settings form's draft and its save through settings.save. Main guards settings.save with its own idle
 * window: when that lapsed while the admin was editing, the PIN is asked again (`relocked`) and the same
 * changes are saved once it is given, nothing retyped.
 */
export function useSettingsForm(view: SettingsView) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const setSettingsView = useAppStore((state) => state.setSettingsView);
  const unlockAdmin = useAppStore((state) => state.unlockAdmin);
  const [state, dispatch] = useReducer(settingsFormReducer, view.settings, startEditing);
  const patch = buildPatch(state.saved, state.draft, state.secrets);
  useMessageGoneOnLanguageSwitch(locale, dispatch);

  const save = async (): Promise<void> => {
    if (state.busy) return;
    if (hasUnreadableNumber(state.draft)) return dispatch({ type: 'noted', message: t('settings.notANumber') });
    if (!patch) return dispatch({ type: 'noted', message: t('settings.noChanges') });
    // A new PIN must be typed the same twice before it goes anywhere.
    const pinProblems = pinConfirmProblems(state.secrets, state.pinConfirms, t('settings.pinsDiffer'));
    if (Object.keys(pinProblems).length > 0)
      return dispatch({ type: 'problemsFound', fieldErrors: pinProblems, error: null });
    dispatch({ type: 'saveStarted' });
    // The admin typing a new admin PIN is the admin: stay unlocked. Before the call, because main's
    // settings.changed event (now with an admin PIN) can arrive before the reply and would lock the form.
    if (typeof patch.secrets?.adminPin === 'string') unlockAdmin();
    const result = await bridge['settings.save'](patch);
    if (!result.ok) {
      // admin.pin-required: main's admin window lapsed (or main restarted) while the form was open.
      dispatch(
        result.error.code === 'admin.pin-required'
          ? { type: 'pinRequired' }
          : { type: 'saveRefused', error: result.error, fieldErrors: fieldErrorsOf(result.error, locale) },
      );
      return;
    }
    // An accepted save keeps main's admin window open (and one that just set the admin PIN opens it): the
    // admin who typed the new PIN is not asked for it at once.
    unlockAdmin();
    dispatch({ type: 'saved', settings: result.value.settings, message: t('settings.saved') });
    setSettingsView(result.value);
  };

  return {
    draft: bindDraft(state, dispatch, view.secrets, view.policy?.locked),
    patch,
    fieldErrors: state.fieldErrors,
    refusals: state.refusals,
    pinConfirm: (name: PinName) => ({
      value: state.pinConfirms[name] ?? '',
      onChange: (value: string) => dispatch({ type: 'pinConfirmEdited', name, value }),
      problem: state.fieldErrors[`${name}Confirm`],
    }),
    /** A connection test of the form refused its values: the same messages as a refused save, at their fields. */
    testRefused: (error: AppError) =>
      dispatch({ type: 'saveRefused', error, fieldErrors: fieldErrorsOf(error, locale) }),
    dirty: patch !== null,
    error: state.error,
    message: state.message,
    busy: state.busy,
    relocked: state.relocked,
    save,
    reportError: (error: AppError) => dispatch({ type: 'errorReported', error }),
    pinAccepted: (): void => {
      dispatch({ type: 'pinDialogClosed' });
      unlockAdmin();
      void save();
    },
    pinDialogCancelled: (): void => {
      dispatch({ type: 'pinDialogClosed' });
      dispatch({ type: 'noted', message: t('settings.notSavedYet') });
    },
  };
}

/** The last save's words were in the language just left: a switch clears them rather than mix two languages. */
function useMessageGoneOnLanguageSwitch(locale: string, dispatch: (action: { type: 'noted'; message: null }) => void) {
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    dispatch({ type: 'noted', message: null });
  }, [locale, dispatch]);
}
