import { useEffect, useRef, useState } from 'react';
import type { PrinterCheck, PrinterStateName, PrinterSettings } from '../../../shared/printer.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { TestRunButton } from './TestRunButton.tsx';

// "Print a test page" with the printer on the form (saved or not), and what the printer answered: its state
// before and after, and its raw status bytes, so an admin can tell "no paper" from "not an ESC/POS printer".
// "Open the cash drawer" tries the saved drawer pulse.

export function PrinterTest({ printer }: { printer: PrinterSettings }) {
  const t = useT();
  const bridge = useBridge();
  const [test, setTest] = useState<'idle' | 'testing' | PrinterCheck>('idle');
  const [error, setError] = useState<AppError | null>(null);
  const [drawerOpened, setDrawerOpened] = useState(false);
  // A new answer is brought into view (the section scrolls): it is what the admin is waiting for.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (typeof test === 'object') resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [test]);
  const stateText = (state: PrinterStateName): string => t(`printer.state.${state}`);

  const run = async (): Promise<void> => {
    setTest('testing');
    setError(null);
    const result = await bridge['printer.testPage']({ printer });
    setTest(result.ok ? result.value : 'idle');
    if (!result.ok) setError(result.error);
  };
  const openDrawer = async (): Promise<void> => {
    setDrawerOpened(false);
    setError(null);
    const result = await bridge['printer.openDrawer']({ reason: t('printer.drawerTestReason') });
    if (result.ok) setDrawerOpened(true);
    else setError(result.error);
  };

  return (
    <div className="test-connection">
      <TestRunButton
        running={test === 'testing'}
        onRun={() => void run()}
        label={t('printer.testPage')}
        runningLabel={t('printer.testing')}
        testId="settings-printer-test"
      />
      <p className="hint">{t('printer.testsForm')}</p>
      {typeof test === 'object' && (
        <div
          ref={resultRef}
          role="status"
          className={test.printed && test.after === 'ready' ? 'outcome-success' : 'outcome-failure'}
          data-testid="settings-printer-test-result"
          data-before={test.before}
        >
          <p>{test.printed ? t('printer.testPrinted') : t('printer.testNotPrinted')}</p>
          <ul>
            <li>{t('printer.testBefore', { state: stateText(test.before) })}</li>
            {test.after && <li>{t('printer.testAfter', { state: stateText(test.after) })}</li>}
            <li>{test.answer ? t('printer.testAnswer', { answer: test.answer }) : t('printer.testNoAnswer')}</li>
          </ul>
        </div>
      )}
      {printer.drawerOnMs > 0 && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void openDrawer()}
          data-testid="settings-printer-drawer"
        >
          {t('printer.openDrawer')}
        </button>
      )}
      {drawerOpened && (
        <p className="hint" role="status">
          {t('printer.drawerOpened')}
        </p>
      )}
      <ErrorText error={error} testId="settings-printer-error" />
    </div>
  );
}
