import { useReducer } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { SettingsView } from '../../../shared/settings.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';
import { bindDraft } from './draft-bindings.ts';
import { buildPatch, fieldErrorsOf, hasUnreadableNumber } from './settings-draft.ts';
import { settingsFormReducer, startEditing } from './settings-form-state.ts';

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

  const save = async (): Promise<void> => {
    if (state.busy) return;
    if (hasUnreadableNumber(state.draft)) return dispatch({ type: 'noted', message: t('settings.notANumber') });
    if (!patch) return dispatch({ type: 'noted', message: t('settings.noChanges') });
    dispatch({ type: 'saveStarted' });
    // The admin typing a new admin PIN is the admin: stay unlocked. Before the call, because main's
    // settings.changed event (now with an admin PIN) can arrive before the reply and would lock the form.
    if (typeof patch.secrets?.adminPin === 'string') unlockAdmin();
    const result = await bridge['settings.save'](patch);
    if (!result.ok) {
      // admin.pin-required: main's admin window lapsed (or main restarted) while the form was open.
      dispatch(result.error.code === 'admin.pin-required' ? { type: 'pinRequired' } : { type: 'saveRefused', error: result.error, fieldErrors: fieldErrorsOf(result.error, locale) });
      return;
    }
    // An accepted save keeps main's admin window open (and one that just set the admin PIN opens it): the
    // admin who typed the new PIN is not asked for it at once.
    unlockAdmin();
    dispatch({ type: 'saved', settings: result.value.settings, message: t('settings.saved') });
    setSettingsView(result.value);
  };

  return {
    draft: bindDraft(state, dispatch, view.secrets),
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
