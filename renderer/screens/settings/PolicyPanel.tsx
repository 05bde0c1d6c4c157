import type { SettingsPolicyView } from '../../../shared/settings.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';

// Who manages this till: the organisation's policy file (electron/core/policy/), the settings it locks here,
// and the parts of it the till does not use, with why (IT reads this when a value did not arrive).

export function PolicyPanel({ policy }: { policy: SettingsPolicyView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <fieldset data-testid="policy-panel">
      <legend>{t('fleet.policyTitle')}</legend>
      <p data-testid="policy-file">{t('fleet.policyFile', { file: policy.file })}</p>
      <p data-testid="policy-locked">
        {policy.locked.length > 0
          ? t('fleet.policyLocked', { fields: policy.locked.join(', ') })
          : t('fleet.policyNothingLocked')}
      </p>
      {policy.problems.length > 0 && (
        <>
          <p>{t('fleet.policyProblems')}</p>
          <ul data-testid="policy-problems">
            {policy.problems.map((problem, index) => (
              <li key={`${problem.field ?? ''}-${index}`}>{noticeText(problem.notice, locale)}</li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
