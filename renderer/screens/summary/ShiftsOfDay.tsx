import { useEffect, useState } from 'react';
import type { ShiftView } from '../../../shared/staff.ts';
import { useBridge } from '../../api/bridge.tsx';
import { money, time } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { staffNameOf } from '../../components/attribution.ts';

/**
 * The shifts opened on the day (shifts.ofDay): number, hours, who opened and closed, paid and net. Nothing when
 * the day had none, or when the core keeps no shifts.
 */
export function ShiftsOfDay({ day, refreshKey }: { day: string; refreshKey: number }) {
  const t = useT();
  const locale = useLocale();
  const bridge = useBridge();
  const [shifts, setShifts] = useState<readonly ShiftView[]>([]);
  useEffect(() => {
    let current = true;
    void bridge['shifts.ofDay']({ day }).then((result) => current && setShifts(result.ok ? result.value.shifts : []));
    return () => {
      current = false;
    };
  }, [bridge, day, refreshKey]);
  if (shifts.length === 0) return null;
  return (
    <table className="data-table" data-testid="summary-shifts">
      <caption>{t('summary.shifts')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('summary.shift')}</th>
          <th scope="col">{t('summary.shiftHours')}</th>
          <th scope="col">{t('summary.shiftPeople')}</th>
          <th scope="col" className="num">
            {t('summary.shiftPaid')}
          </th>
          <th scope="col" className="num">
            {t('summary.shiftNet')}
          </th>
        </tr>
      </thead>
      <tbody>
        {shifts.map((shift) => (
          <tr
            key={shift.id}
            data-testid="summary-shift"
            data-number={shift.number}
            data-paid-minor={shift.report.paid.total.amountMinor}
            data-net-minor={shift.report.net.amountMinor}
          >
            <th scope="row">{shift.number}</th>
            <td>
              {time(shift.openedAt, locale)}–{shift.closedAt ? time(shift.closedAt, locale) : t('summary.shiftOpen')}
            </td>
            <td>
              {[shift.openedBy, shift.closedBy]
                .map((ref) => (ref ? staffNameOf(ref, t) : undefined))
                .filter((name, index, names): name is string => Boolean(name) && names.indexOf(name) === index)
                .join(', ') || '—'}
            </td>
            <td className="num">
              {shift.report.paid.count} · {money(shift.report.paid.total, locale)}
            </td>
            <td className="num">{money(shift.report.net, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
