import type { ShopDay } from '../../../shared/head-office.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { OnlineDot } from './OnlineDot.tsx';
import { useShopAnswer } from './use-shop-answer.ts';

// The shop's day (shop.day): each till's own day summary as it reported it to the head office, and the shop's
// totals, which are their sum to the cent. A till that has not reported the day is "missing", never a row of
// zeros: nobody should read "S$0.00" as "that till sold nothing".

export function ShopDayTable({ day }: { day: string }) {
  const bridge = useBridge();
  const { value, error } = useShopAnswer(() => bridge['shop.day']({ day }), day);
  return (
    <>
      <ErrorText error={error} testId="shop-day-error" />
      {value && <DayTable shopDay={value} />}
    </>
  );
}

function DayTable({ shopDay }: { shopDay: ShopDay }) {
  const t = useT();
  const locale = useLocale();
  const amount = (amountMinor: number): string => money({ amountMinor, currency: shopDay.currency }, locale);
  const { totals } = shopDay;
  return (
    <div className="table-scroll">
      <table className="data-table shop-day" data-testid="shop-day" data-day={shopDay.day}>
        <caption>{t('shop.dayTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shop.till')}</th>
            <th scope="col" className="num">
              {t('shop.gross')}
            </th>
            <th scope="col" className="num">
              {t('shop.refunds')}
            </th>
            <th scope="col" className="num">
              {t('shop.net')}
            </th>
            <th scope="col" className="num">
              {t('shop.payments')}
            </th>
          </tr>
        </thead>
        <tbody>
          {shopDay.tills.length === 0 && (
            <tr>
              <td colSpan={5} data-testid="shop-day-none">
                {t('shop.noTills')}
              </td>
            </tr>
          )}
          {shopDay.tills.map((till) => (
            <tr
              key={till.tillId}
              data-testid="shop-day-till"
              data-till-id={till.tillId}
              data-reported={String(till.reported)}
              data-online={String(till.online)}
              data-net-minor={till.reported ? till.netMinor : undefined}
            >
              <th scope="row">
                <OnlineDot online={till.online} />
                {till.terminalReference}
              </th>
              {till.reported ? (
                <>
                  <td className="num">{amount(till.grossMinor)}</td>
                  <td className="num">{amount(till.refundsMinor)}</td>
                  <td className="num">{amount(till.netMinor)}</td>
                  <td className="num">{till.payments}</td>
                </>
              ) : (
                <td colSpan={4} className="shop-missing" data-testid="shop-day-missing">
                  {t('shop.missing')}
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr
            data-testid="shop-day-totals"
            data-gross-minor={totals.grossMinor}
            data-refunds-minor={totals.refundsMinor}
            data-net-minor={totals.netMinor}
            data-payments={totals.payments}
          >
            <th scope="row">{t('shop.totals')}</th>
            <td className="num">{amount(totals.grossMinor)}</td>
            <td className="num">{amount(totals.refundsMinor)}</td>
            <td className="num">{amount(totals.netMinor)}</td>
            <td className="num">{totals.payments}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
