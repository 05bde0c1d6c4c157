import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import { STAFF_ROLES } from '../../../shared/staff.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { LabelledInput } from '../../components/LabelledInput.tsx';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useT } from '../../i18n/i18n.tsx';
import { staffProblems, staffSaveRequest, type StaffDraft, type StaffProblems } from './staff-draft.ts';

// Adds or edits one person. It sits inside the Settings form (a form cannot hold a form), and Settings has one
// Save (issue 39): the save bar's, which saves the person open here before the settings. Enter in its fields
// saves the person alone. The PIN is typed twice and
// never shown again; a badge is read by scanning it with the USB scanner.

export function StaffEditor({
  initial,
  onSaved,
  onCancel,
  personSaveRef,
}: {
  initial: StaffDraft;
  onSaved: (name: string) => void;
  onCancel: () => void;
  /** Where the settings save bar finds this person's save while the editor is open. */
  personSaveRef: RefObject<PersonSave | null>;
}) {
  const t = useT();
  const editor = useStaffEditor(initial, onSaved);
  const { draft, patch, problem, error, save } = editor;
  useEffect(() => {
    personSaveRef.current = save;
    return () => {
      personSaveRef.current = null;
    };
  });
  const enterSaves = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    event.preventDefault();
    void save();
  };

  return (
    <div
      className="staff-editor"
      role="group"
      aria-labelledby="staff-editor-title"
      onKeyDown={enterSaves}
      data-testid="staff-editor"
    >
      <h3 id="staff-editor-title">
        {draft.id === null ? t('staff.addTitle') : t('staff.editTitle', { name: initial.name })}
      </h3>
      <LabelledInput
        id="staff-name"
        label={t('staff.name')}
        problem={problem('name')}
        type="text"
        maxLength={40}
        value={draft.name}
        onChange={(event) => patch({ name: event.target.value })}
        data-testid="staff-name"
      />
      <label className="field" htmlFor="staff-role">
        <span className="field-label">{t('staff.role')}</span>
        <select
          id="staff-role"
          value={draft.role}
          onChange={(event) => patch({ role: event.target.value as StaffDraft['role'] })}
          data-testid="staff-role"
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`staff.role.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <StaffPinInput editor={editor} field="pin" describedBy="staff-pin-hint" />
      <p id="staff-pin-hint" className="hint">
        {draft.id === null ? t('staff.pinHintNew') : t('staff.pinHintKeep')}
      </p>
      <StaffPinInput editor={editor} field="pinAgain" />
      <StaffBadgeField draft={draft} patch={patch} />
      {draft.id !== null && (
        <div className="field field-checkbox">
          <input
            id="staff-active"
            type="checkbox"
            checked={draft.active}
            onChange={(event) => patch({ active: event.target.checked })}
            data-testid="staff-active"
          />
          <label htmlFor="staff-active">{t('staff.activeLabel')}</label>
        </div>
      )}
      <ErrorText error={error} testId="staff-error" />
      <div className="staff-editor-actions">
        <button type="button" className="button button-secondary" onClick={onCancel} data-testid="staff-cancel">
          {t('staff.cancel')}
        </button>
      </div>
    </div>
  );
}

/** Saves the person being edited; false when it was not (a problem shown, or refused). */
export type PersonSave = () => Promise<boolean>;

type StaffEditorState = ReturnType<typeof useStaffEditor>;

/** The person as edited, checked before it is sent; a PIN never stays on screen once sent. */
function useStaffEditor(initial: StaffDraft, onSaved: (name: string) => void) {
  const t = useT();
  const bridge = useBridge();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<StaffProblems>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const patch = (change: Partial<StaffDraft>): void => setDraft((before) => ({ ...before, ...change }));

  const save = async (): Promise<boolean> => {
    if (busy) return false;
    const found = staffProblems(draft);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) return false;
    setBusy(true);
    const result = await bridge['staff.save'](staffSaveRequest(draft));
    setBusy(false);
    // A PIN is never kept on screen once sent, whatever the answer.
    patch({ pin: '', pinAgain: '' });
    if (result.ok) onSaved(draft.name.trim());
    else setError(result.error);
    return result.ok;
  };
  const problem = (field: keyof StaffProblems): string | undefined => {
    const key = problems[field];
    return key ? t(`staff.${key}`) : undefined;
  };
  return { draft, patch, problem, busy, error, save };
}

/** The PIN and its repeat: the same digits-only field, each with its own problem. */
function StaffPinInput({
  editor,
  field,
  describedBy,
}: {
  editor: StaffEditorState;
  field: 'pin' | 'pinAgain';
  describedBy?: string;
}) {
  const t = useT();
  const { draft, patch, problem } = editor;
  const id = field === 'pin' ? 'staff-pin' : 'staff-pin-again';
  return (
    <LabelledInput
      id={id}
      label={t(field === 'pin' ? 'staff.pin' : 'staff.pinAgain')}
      problem={problem(field)}
      type="password"
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={8}
      value={draft[field]}
      onChange={(event) => patch(field === 'pin' ? { pin: event.target.value } : { pinAgain: event.target.value })}
      aria-describedby={describedBy}
      data-testid={id}
    />
  );
}

/** Whether the person has a badge, and scanning a new one or removing it. */
function StaffBadgeField({ draft, patch }: { draft: StaffDraft; patch: (change: Partial<StaffDraft>) => void }) {
  const t = useT();
  const [scanning, setScanning] = useState(false);
  const badgeState =
    draft.badgeCode === null
      ? t('staff.badgeRemoved')
      : draft.badgeCode !== undefined
        ? t('staff.badgeScanned')
        : draft.hadBadge
          ? t('staff.badgeSet')
          : t('staff.badgeNone');

  return (
    <div className="field staff-badge">
      <span className="field-label">{t('staff.badge')}</span>
      <span data-testid="staff-badge-state">{badgeState}</span>
      {scanning ? (
        <BadgeScan
          onScanned={(code) => {
            patch({ badgeCode: code });
            setScanning(false);
          }}
          onCancel={() => setScanning(false)}
        />
      ) : (
        <button
          type="button"
          className="button button-small"
          onClick={() => setScanning(true)}
          data-testid="staff-badge-scan"
        >
          {t('staff.badgeScan')}
        </button>
      )}
      {(draft.hadBadge || draft.badgeCode) && draft.badgeCode !== null && (
        <button
          type="button"
          className="button button-small"
          onClick={() => patch({ badgeCode: null })}
          data-testid="staff-badge-remove"
        >
          {t('staff.badgeRemove')}
        </button>
      )}
    </div>
  );
}

/** While mounted, the next USB scan is the badge's code (and nothing else acts on it). */
function BadgeScan({ onScanned, onCancel }: { onScanned: (code: string) => void; onCancel: () => void }) {
  const t = useT();
  useScanHandler((scan) => onScanned(scan.code));
  return (
    <>
      <span role="status" className="hint" data-testid="staff-badge-waiting">
        {t('staff.badgeWaiting')}
      </span>
      <button type="button" className="button button-small" onClick={onCancel}>
        {t('staff.cancel')}
      </button>
    </>
  );
}
