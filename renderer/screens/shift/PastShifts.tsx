import { useEffect, useState } from 'react';
import type { AppError } from '../../../shared/result.ts';
import type { ShiftView } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { DayField } from '../../components/DayField.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { localDay, time } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { PrintShiftReportButton } from './PrintShiftReportButton.tsx';

/** The shifts opened on a day (today unless picked), each closed one with its Z report to reprint. */
export function PastShifts({ refreshKey }: { refreshKey: string }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [day, setDay] = useState(() => localDay());
  const [shifts, setShifts] = useState<readonly ShiftView[]>([]);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(() => {
    let current = true;
    void bridge['shifts.ofDay']({ day }).then((result) => {
      if (!current) return;
      setError(result.ok ? null : result.error);
      setShifts(result.ok ? result.value.shifts : []);
    });
    return () => {
      current = false;
    };
  }, [bridge, day, refreshKey]);
  return (
    <section className="shift-past" aria-labelledby="shift-past-title" data-testid="shift-past">
      <h2 id="shift-past-title">{t('shift.past')}</h2>
      <DayField id="shift-day" label={t('shift.day')} value={day} onChange={setDay} testId="shift-day" />
      <ErrorText error={error} testId="shift-past-error" />
      {shifts.length === 0 ? (
        <p className="explain">{t('shift.noneOfDay')}</p>
      ) : (
        <ul className="shift-list">
          {shifts.map((shift) => (
            <li key={shift.id} data-testid="shift-past-item" data-number={shift.number}>
              <span>
                {shift.closedAt
                  ? t('shift.pastClosed', {
                      number: shift.number,
                      from: time(shift.openedAt, locale),
                      to: time(shift.closedAt, locale),
                    })
                  : t('shift.pastOpen', { number: shift.number, from: time(shift.openedAt, locale) })}
              </span>
              {shift.closedAt && (
                <PrintShiftReportButton
                  shift={shift}
                  label={t('shift.reprint', { number: shift.number })}
                  testId="shift-reprint"
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
