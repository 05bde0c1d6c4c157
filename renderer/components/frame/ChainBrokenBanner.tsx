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
  // Whose sign-in it was said for: another admin's sign-in asks again, and a closed banner stays closed.
  const [broken, setBroken] = useState<{ readonly admin: string; readonly notice: Notice | null } | null>(null);

  useEffect(() => {
    if (admin === null) return;
    let current = true;
    bridge['auditChain.info']({}).then(
      (result) => current && result.ok && setBroken({ admin, notice: result.value.broken }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [bridge, admin]);

  if (admin === null || broken === null || broken.admin !== admin || broken.notice === null) return null;
  return (
    <div className="open-payment-banner chain-broken" role="alert" data-testid="chain-broken">
      <p>
        <strong>{t('about.chainBroken')}</strong> {noticeText(broken.notice, locale)}
      </p>
      <button
        type="button"
        className="button button-small"
        onClick={() => setBroken({ admin, notice: null })}
        data-testid="chain-broken-close"
      >
        {t('common.close')}
      </button>
    </div>
  );
}
