import { useEffect, useRef, useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { SettingsPatch, ConnectionTestResult } from '../../../shared/settings.ts';
import { useBridge } from '../../api/bridge.tsx';
import { skew } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { noticeText } from '../../i18n/notices.ts';
import { TestRunButton } from './TestRunButton.tsx';

// "Test connection": asks the core to reach the provider with what is on the form (the unsaved changes, secrets
// typed included, going only from here to main) and shows what it found, so an admin proves the credentials
// before saving them. A form the core refuses comes back with its problems at their fields.

export function ConnectionTest({
  patch,
  onError,
}: {
  patch: SettingsPatch | null;
  onError: (error: AppError) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [test, setTest] = useState<'idle' | 'testing' | ConnectionTestResult>('idle');
  // A new result is brought into view: it is what the admin is waiting for, below the button.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeof test === 'object') resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [test]);

  const run = async (): Promise<void> => {
    setTest('testing');
    const result = await bridge['settings.testConnection'](patch ?? {});
    setTest(result.ok ? result.value : 'idle');
    if (!result.ok) onError(result.error);
  };
  const yesNo = (value: boolean | null): string =>
    value === null ? t('settings.unknown') : value ? t('settings.yes') : t('settings.no');

  return (
    <div className="test-connection">
      <TestRunButton
        running={test === 'testing'}
        onRun={() => void run()}
        label={t('settings.testConnection')}
        runningLabel={t('settings.testing')}
        testId="settings-test-connection"
      />
      {patch && <p className="hint">{t('settings.testsForm')}</p>}
      {typeof test === 'object' && (
        <div
          ref={resultRef}
          role="status"
          className={test.reachable && test.signatureAccepted ? 'outcome-success' : 'outcome-failure'}
          data-testid="test-connection-result"
        >
          <p>{noticeText(test.notice, locale)}</p>
          <ul>
            <li>{t('settings.testReachable', { value: yesNo(test.reachable) })}</li>
            <li>{t('settings.testSignature', { value: yesNo(test.signatureAccepted) })}</li>
            <li>
              {t('settings.testSkew', {
                value: test.clockSkewMs === null ? t('settings.unknown') : skew(test.clockSkewMs),
              })}
            </li>
            <li>
              {t('settings.testLatency', {
                value: test.latencyMs === null ? t('settings.unknown') : `${test.latencyMs} ms`,
              })}
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
