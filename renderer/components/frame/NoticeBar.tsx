import { useEffect } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { useAppStore } from '../../stores/app-store.ts';

/** A short message that is not an error of the current action (e.g. "a code was scanned here"). */
const NOTICE_MS = 6000;

export function NoticeBar() {
  const t = useT();
  const notice = useAppStore((state) => state.notice);
  const clear = useAppStore((state) => state.clearNotice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(clear, NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, clear]);
  return (
    <div className="notice-region" role="status" aria-live="polite" data-testid="notice">
      {notice && (
        <p className={`notice notice-${notice.tone}`}>
          {notice.text}
          <button type="button" className="button button-small" onClick={clear} aria-label={t('common.close')}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}
