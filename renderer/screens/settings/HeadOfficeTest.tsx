import { useState } from 'react';
import type { HeadOfficeTestResult } from '../../../shared/head-office.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { TestRunButton } from './TestRunButton.tsx';

// Test connection for the head office: the URL typed on the form (before it is saved), else the saved one.
// What it found in words: the server's version and the schema's, or the problem and what to do about it.

export function HeadOfficeTest({ typedUrl }: { typedUrl: string | null }) {
  const t = useT();
  const bridge = useBridge();
  const [test, setTest] = useState<'idle' | 'testing' | HeadOfficeTestResult>('idle');
  const [error, setError] = useState<AppError | null>(null);

  const run = async (): Promise<void> => {
    setTest('testing');
    setError(null);
    const result = await bridge['headOffice.test'](typedUrl === null ? {} : { url: typedUrl });
    setTest(result.ok ? result.value : 'idle');
    if (!result.ok) setError(result.error);
  };

  return (
    <div className="test-connection">
      <TestRunButton
        running={test === 'testing'}
        onRun={() => void run()}
        label={t('settings.testConnection')}
        runningLabel={t('settings.testing')}
        testId="head-office-test"
      />
      {typedUrl !== null && <p className="hint">{t('headOffice.testsTyped')}</p>}
      <ErrorText error={error} testId="head-office-test-error" />
      {typeof test === 'object' && (
        <div
          role="status"
          className={test.ok ? 'outcome-success' : 'outcome-failure'}
          data-testid="head-office-test-result"
          data-ok={String(test.ok)}
          data-problem={test.problem ?? ''}
        >
          <p>{test.ok ? t('headOffice.testOk') : t(`headOffice.problem.${test.problem ?? 'unreachable'}`)}</p>
          <ul>
            <li>{t('headOffice.serverVersion', { value: test.serverVersion ?? t('settings.unknown') })}</li>
            <li>
              {t('headOffice.schemaVersion', {
                value: test.schemaVersion === null ? t('headOffice.schemaNone') : test.schemaVersion,
                till: test.tillSchemaVersion,
              })}
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
