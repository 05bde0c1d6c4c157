import { STAFF_RIGHTS, STAFF_ROLES, roleHas } from '../../../shared/staff.ts';
import { useT } from '../../i18n/i18n.tsx';

/** What each role may do, read from ROLE_RIGHTS itself: the table is the rule, shown as it is. */
export function RoleRightsTable() {
  const t = useT();
  return (
    <table className="data-table role-rights" data-testid="role-rights">
      <caption>{t('staff.rights')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.right')}</th>
          {STAFF_ROLES.map((role) => (
            <th key={role} scope="col" className="role-rights-role">
              {t(`staff.role.${role}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {STAFF_RIGHTS.map((right) => (
          <tr key={right} data-right={right}>
            <th scope="row">{t(`staff.right.${right}`)}</th>
            {STAFF_ROLES.map((role) => (
              <td key={role} className="role-rights-cell" data-role={role} data-has={roleHas(role, right)}>
                {roleHas(role, right) ? (
                  <>
                    <span aria-hidden="true">✓</span>
                    <span className="visually-hidden">{t('staff.rightYes')}</span>
                  </>
                ) : (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">{t('staff.rightNo')}</span>
                  </>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
