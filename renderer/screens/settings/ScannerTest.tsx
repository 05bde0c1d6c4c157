import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Settings } from '../../../shared/settings.ts';
import { useScanHandler } from '../../hooks/use-scan-handler.ts';
import { useT } from '../../i18n/i18n.tsx';
import { measureScan, wouldRecognise, type ScanMeasurement, type TimedKey } from '../../scanning/scan-timing.ts';

// "Test your scanner": capture one scan's raw key timings, show how fast this scanner types, whether the
// current thresholds recognise it, and offer thresholds that do.

/** Without a terminator, the scan is taken as finished once the keys stop for this long. */
const IDLE_END_MS = 600;

export function ScannerTest({
  scanner,
  onApply,
}: {
  scanner: Settings['scanner'];
  onApply: (scanner: Settings['scanner']) => void;
}) {
  const t = useT();
  const [active, setActive] = useState(false);
  const [measurement, setMeasurement] = useState<ScanMeasurement | null>(null);
  const [tooSlow, setTooSlow] = useState(false);
  const keys = useRef<TimedKey[]>([]);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const areaRef = useRef<HTMLDivElement>(null);

  // While testing, the global scanner path must not act on the test scan.
  useScanHandler(() => undefined);

  useEffect(() => {
    if (active) areaRef.current?.focus();
  }, [active]);
  useEffect(
    () => () => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
    },
    [],
  );

  const finish = (): void => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    const result = measureScan(keys.current);
    keys.current = [];
    setActive(false);
    setMeasurement(result);
    setTooSlow(result !== null && result.suggestedMaxInterKeyMs === null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      setActive(false);
      return;
    }
    event.preventDefault();
    keys.current.push({ key: event.key, time: event.timeStamp });
    if (idleTimer.current) clearTimeout(idleTimer.current);
    if (event.key === 'Enter' || event.key === 'Tab') finish();
    else idleTimer.current = setTimeout(finish, IDLE_END_MS);
  };

  return (
    <div className="scanner-test" data-testid="scanner-test">
      <h3>{t('scannerTest.title')}</h3>
      {active ? (
        <div
          ref={areaRef}
          className="scanner-test-area"
          role="textbox"
          tabIndex={0}
          aria-label={t('scannerTest.area')}
          onKeyDown={onKeyDown}
          onBlur={() => setActive(false)}
          data-testid="scanner-test-area"
        >
          {t('scannerTest.prompt')}
        </div>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            keys.current = [];
            setMeasurement(null);
            setTooSlow(false);
            setActive(true);
          }}
          data-testid="scanner-test-start"
        >
          {t('scannerTest.start')}
        </button>
      )}
      {measurement && <ScanMeasured measurement={measurement} tooSlow={tooSlow} scanner={scanner} onApply={onApply} />}
    </div>
  );
}

/** How fast this scanner typed, whether the thresholds recognise it, and thresholds that would. */
function ScanMeasured({
  measurement,
  tooSlow,
  scanner,
  onApply,
}: {
  measurement: ScanMeasurement;
  tooSlow: boolean;
  scanner: Settings['scanner'];
  onApply: (scanner: Settings['scanner']) => void;
}) {
  const t = useT();
  return (
    <div role="status" data-testid="scanner-test-result">
      <p>
        {t('scannerTest.result', {
          length: measurement.length,
          maxGap: measurement.maxGapMs,
          avgGap: measurement.averageGapMs,
          terminator: measurement.terminator ?? t('scannerTest.noTerminator'),
        })}
      </p>
      {tooSlow ? (
        <p className="field-problem">{t('scannerTest.tooSlow')}</p>
      ) : (
        <>
          <p>{wouldRecognise(measurement, scanner) ? t('scannerTest.wouldDetect') : t('scannerTest.wouldNotDetect')}</p>
          <p>{t('scannerTest.suggest', { ms: measurement.suggestedMaxInterKeyMs ?? '' })}</p>
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              onApply({
                maxInterKeyMs: measurement.suggestedMaxInterKeyMs ?? scanner.maxInterKeyMs,
                minLength: Math.min(scanner.minLength, Math.max(4, measurement.length)),
                terminator: measurement.terminator ?? scanner.terminator,
              })
            }
            data-testid="scanner-test-apply"
          >
            {t('scannerTest.apply')}
          </button>
        </>
      )}
    </div>
  );
}
