import { useEffect, useState } from 'react';
import { chainLine, type AuditChainExport, type AuditChainInfo } from '../../../shared/audit-chain.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';

// Settings → About, Records you can prove: the till's public key (its fingerprint, what an auditor compares) and
// the audit chain's last entry (auditChain.info), and the signed export for an auditor (auditChain.export, the
// admin's, like the support bundle), whose answer is the file's path on this computer.

export function AuditChainPanel() {
  const t = useT();
  const bridge = useBridge();
  const [info, setInfo] = useState<AuditChainInfo | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<AuditChainExport | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let current = true;
    bridge['auditChain.info']({}).then(
      (result) => current && result.ok && setInfo(result.value),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [bridge, exported]);

  const exportChain = async (): Promise<void> => {
    setExporting(true);
    setError(null);
    setExported(null);
    const result = await bridge['auditChain.export']({});
    setExporting(false);
    if (result.ok) setExported(result.value);
    else setError(result.error);
  };

  return (
    <fieldset data-testid="about-chain">
      <legend>{t('about.chainTitle')}</legend>
      <p className="hint">{t('about.chainHint')}</p>
      {info && (
        <>
          <p>
            {t('about.chainKey')} <code data-testid="about-chain-fingerprint">{info.fingerprint}</code>
          </p>
          <p>
            {t('about.chainHead')} <code data-testid="about-chain-head">{chainLine(info.head)}</code>
          </p>
        </>
      )}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void exportChain()}
        disabled={exporting}
        data-testid="about-export-chain"
      >
        {exporting ? t('about.exportingChain') : t('about.exportChain')}
      </button>
      {exported && (
        <p role="status" data-testid="about-chain-exported">
          {t('about.chainExported', { entries: exported.entries })}{' '}
          <code data-testid="about-chain-path">{exported.path}</code>
        </p>
      )}
      <ErrorText error={error} testId="about-chain-error" />
    </fieldset>
  );
}
