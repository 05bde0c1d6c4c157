import { useEffect, useState } from 'react';
import type { Notice } from '../../../shared/notices.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { useSessionStore } from '../../stores/session-store.ts';

/**
 * The audit chain does not fit (auditChain.info's `broken`: what the till's last check found): said to each admin
 * as they sign in, until they close it. Only to an admin, who can act on it; it never stops a sale.
 */
export function ChainBrokenBanner() {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const admin = useSessionStore((state) => (state.session?.staff?.role === 'admin' ? state.session.staff.id : null));
  const [broken, setBroken] = useState<Notice | null>(null);

  useEffect(() => {
    setBroken(null);
    if (admin === null) return;
    let current = true;
    bridge['auditChain.info']({}).then(
      (result) => current && result.ok && setBroken(result.value.broken),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [bridge, admin]);

  if (admin === null || broken === null) return null;
  return (
    <div className="open-payment-banner chain-broken" role="alert" data-testid="chain-broken">
      <p>
        <strong>{t('about.chainBroken')}</strong> {noticeText(broken, locale)}
      </p>
      <button type="button" className="button button-small" onClick={() => setBroken(null)} data-testid="chain-broken-close">
        {t('common.close')}
      </button>
    </div>
  );
}
