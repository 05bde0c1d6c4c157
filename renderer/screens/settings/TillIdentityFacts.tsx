import { useT } from '../../i18n/i18n.tsx';
import { useTillIdentity } from './TillEnrolment.tsx';

/** Settings → About: this till's id, as the head office knows it (made once, at first start). */
export function TillIdentityFacts() {
  const t = useT();
  const [identity] = useTillIdentity();
  if (!identity) return null;
  return (
    <dl className="facts" data-testid="about-till-id">
      <dt>{t('headOffice.tillId')}</dt>
      <dd>{identity.tillId}</dd>
    </dl>
  );
}
