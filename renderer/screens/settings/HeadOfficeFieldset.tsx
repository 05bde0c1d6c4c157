import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField, SecretField, TextField } from './fields.tsx';
import { HeadOfficeStateLine } from './HeadOfficeStateLine.tsx';
import { HeadOfficeTest } from './HeadOfficeTest.tsx';
import { TillEnrolment } from './TillEnrolment.tsx';

// Settings → Head office (issue 34): send this till's journal to the chain's PostgreSQL, which shop of the chain
// it is, and the URL (a secret: it carries the credentials, so it is write-only like the provider's key). Test
// connection proves the URL before saving; the till's id, and enrolling a copied till as a new one, follow.

export function HeadOfficeFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  const url = draft.secret('headOfficeUrl');
  return (
    <fieldset aria-describedby="settings-head-office-hint">
      <legend>{t('settings.section.headOffice')}</legend>
      <p id="settings-head-office-hint" className="hint">
        {t('headOffice.intro')}
      </p>
      <HeadOfficeStateLine />
      <CheckboxField
        label={t('headOffice.enabled')}
        {...draft.groupField('headOffice', 'enabled')}
        testId="settings-headOffice-enabled"
      />
      <TextField
        label={t('headOffice.shopId')}
        maxLength={64}
        hint={t('headOffice.shopIdHint')}
        {...draft.groupField('headOffice', 'shopId')}
        testId="settings-headOffice-shopId"
      />
      <SecretField
        label={t('headOffice.url')}
        hint={t('headOffice.urlHint')}
        {...url}
        testId="settings-headOfficeUrl"
      />
      <HeadOfficeTest typedUrl={typeof url.draft === 'string' && url.draft !== '' ? url.draft : null} />
      <TillEnrolment />
    </fieldset>
  );
}
