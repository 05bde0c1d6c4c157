import { useEffect, useState } from 'react';
import type { SupportBundle } from '../../../shared/support.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

// Settings → About, for support: where this till's logs are (support.logs), and Save support bundle (support.bundle, the
// admin's, like a save), whose answer is the .zip's path on this computer: what the admin sends to support.

export function SupportPanel() {
  const t = useT();
  const bridge = useBridge();
  const [logFolder, setLogFolder] = useState<string | null | 'unknown'>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<SupportBundle | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let current = true;
    // Asked once the section exists (every section is rendered, shown or not); any failure: "cannot be shown".
    bridge['support.logs']({}).then(
      (result) => current && setLogFolder(result.ok ? result.value.folder : 'unknown'),
      () => current && setLogFolder('unknown'),
    );
    return () => {
      current = false;
    };
  }, [bridge]);

  const save = async (): Promise<void> => {
    setSaving(true);
    setError(null);
    setSaved(null);
    const result = await bridge['support.bundle']({});
    setSaving(false);
    if (result.ok) setSaved(result.value);
    else setError(result.error);
  };

  return (
    <>
      <fieldset data-testid="about-logs">
        <legend>{t('about.logsTitle')}</legend>
        {logFolder === 'unknown' ? (
          <p className="hint">{t('about.logsUnknown')}</p>
        ) : (
          logFolder !== null && (
            <p>
              {t('about.logsWhere')} <code data-testid="about-log-folder">{logFolder}</code>
            </p>
          )
        )}
        <p className="hint">{t('about.logsHint')}</p>
      </fieldset>
      <fieldset data-testid="about-support">
        <legend>{t('about.bundleTitle')}</legend>
        <p className="hint">{t('about.bundleHint')}</p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void save()}
          disabled={saving}
          data-testid="about-save-bundle"
        >
          {saving ? t('about.savingBundle') : t('about.saveBundle')}
        </button>
        {saved && (
          <p role="status" data-testid="about-bundle-saved">
            {t('about.bundleSaved', { size: `${Math.max(1, Math.round(saved.bytes / 1024))} KB` })}{' '}
            <code data-testid="about-bundle-path">{saved.path}</code>
          </p>
        )}
        <ErrorText error={error} testId="about-bundle-error" />
      </fieldset>
    </>
  );
}
