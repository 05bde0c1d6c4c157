import { useEffect, useState, type RefObject } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { StaffMember } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { StaffEditor, type PersonSave } from './StaffEditor.tsx';
import { newStaffDraft, staffDraftOf, type StaffDraft } from './staff-draft.ts';
import { staffNameOf } from '../../components/attribution.ts';

// Settings → Staff: the people of this till (staff.list), each with their role and whether they may still sign
// in; add one, edit one (name, role, a new PIN, a badge), deactivate one. Saved through staff.save (a person is
// not a setting) by the one Save of Settings, before the settings.

export function StaffPeople({ personSaveRef }: { personSaveRef: RefObject<PersonSave | null> }) {
  const t = useT();
  const bridge = useBridge();
  const [people, setPeople] = useState<readonly StaffMember[] | null>(null);
  const [editing, setEditing] = useState<StaffDraft | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let current = true;
    void bridge['staff.list']({}).then((result) => {
      if (!current) return;
      if (result.ok) setPeople(result.value.staff);
      setError(result.ok ? null : result.error);
    });
    return () => {
      current = false;
    };
  }, [bridge, tick]);

  const setActive = async (member: StaffMember, active: boolean): Promise<void> => {
    setMessage(null);
    const result = await bridge['staff.save']({ id: member.id, name: member.name, role: member.role, active });
    if (!result.ok) return setError(result.error);
    setMessage(t(active ? 'staff.reactivated' : 'staff.deactivated', { name: member.name }));
    setTick((n) => n + 1);
  };

  return (
    <section className="staff-people" aria-labelledby="staff-people-title" data-testid="staff-people">
      <h2 id="staff-people-title">{t('staff.people')}</h2>
      <ErrorText error={error} testId="staff-list-error" />
      {message && (
        <p role="status" data-testid="staff-message">
          {message}
        </p>
      )}
      {people && (
        <StaffTable
          people={people}
          onEdit={(member) => {
            setMessage(null);
            setEditing(staffDraftOf(member));
          }}
          onSetActive={(member, active) => void setActive(member, active)}
        />
      )}
      {editing ? (
        <StaffEditor
          key={editing.id ?? 'new'}
          initial={editing}
          onSaved={(name) => {
            setEditing(null);
            setMessage(t('staff.saved', { name }));
            setTick((n) => n + 1);
          }}
          onCancel={() => setEditing(null)}
          personSaveRef={personSaveRef}
        />
      ) : (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setMessage(null);
            setEditing(newStaffDraft());
          }}
          data-testid="staff-add"
        >
          {t('staff.add')}
        </button>
      )}
    </section>
  );
}

function StaffTable({
  people,
  onEdit,
  onSetActive,
}: {
  people: readonly StaffMember[];
  onEdit: (member: StaffMember) => void;
  onSetActive: (member: StaffMember, active: boolean) => void;
}) {
  const t = useT();
  return (
    <table className="data-table staff-table" data-testid="staff-table">
      <thead>
        <tr>
          <th scope="col">{t('staff.name')}</th>
          <th scope="col">{t('staff.role')}</th>
          <th scope="col">{t('staff.active')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('staff.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {people.map((member) => (
          <tr key={member.id} data-testid="staff-row" data-staff-id={member.id} data-active={member.active}>
            <th scope="row">{staffNameOf(member, t)}</th>
            <td>{t(`staff.role.${member.role}`)}</td>
            <td>{member.active ? t('staff.yes') : t('staff.no')}</td>
            <td className="staff-row-actions">
              <button
                type="button"
                className="button button-small"
                onClick={() => onEdit(member)}
                aria-label={t('staff.editName', { name: member.name })}
                data-testid="staff-edit"
              >
                {t('staff.edit')}
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => onSetActive(member, !member.active)}
                aria-label={t(member.active ? 'staff.deactivateName' : 'staff.reactivateName', {
                  name: member.name,
                })}
                data-testid={member.active ? 'staff-deactivate' : 'staff-reactivate'}
              >
                {member.active ? t('staff.deactivate') : t('staff.reactivate')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
