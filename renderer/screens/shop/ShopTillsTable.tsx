import type { ShopTill } from '../../../shared/head-office.ts';
import { PRINTER_STATES, type PrinterStateName } from '../../../shared/printer.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { dateTime } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { OnlineDot } from './OnlineDot.tsx';
import { useShopAnswer } from './use-shop-answer.ts';

// The shop's tills (shop.tills), from the heartbeat each sends every 30 s: which is online (heard from in the
// last 90 s), when it was last heard from, its version, who is signed in, its open shift, its payments in
// doubt and its printer — what a supervisor walks over to a till for.

export function ShopTillsTable() {
  const bridge = useBridge();
  const { value, error } = useShopAnswer(() => bridge['shop.tills']({}), 'tills');
  return (
    <>
      <ErrorText error={error} testId="shop-tills-error" />
      {value && <TillsTable tills={value.tills} />}
    </>
  );
}

function TillsTable({ tills }: { tills: readonly ShopTill[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="table-scroll">
      <table className="data-table shop-tills" data-testid="shop-tills">
        <caption>{t('shop.tillsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('shop.till')}</th>
            <th scope="col">{t('shop.lastSeen')}</th>
            <th scope="col">{t('shop.signedIn')}</th>
            <th scope="col">{t('shop.openShift')}</th>
            <th scope="col" className="num">
              {t('shop.unresolved')}
            </th>
            <th scope="col">{t('shop.printer')}</th>
            <th scope="col">{t('shop.version')}</th>
          </tr>
        </thead>
        <tbody>
          {tills.length === 0 && (
            <tr>
              <td colSpan={7} data-testid="shop-tills-none">
                {t('shop.noTills')}
              </td>
            </tr>
          )}
          {tills.map((till) => (
            <tr key={till.tillId} data-testid="shop-till" data-till-id={till.tillId} data-online={String(till.online)}>
              <th scope="row">{till.terminalReference}</th>
              <td>
                <OnlineDot online={till.online} visible />
                <span className="shop-last-seen">{dateTime(till.lastSeenAt, locale)}</span>
              </td>
              <td>{till.signedIn ?? t('shop.nobody')}</td>
              <td>{till.openShift === null ? t('shop.noShift') : t('shop.shiftNumber', { number: till.openShift })}</td>
              <td className={`num${till.unresolvedCount > 0 ? ' shop-attention' : ''}`}>{till.unresolvedCount}</td>
              <td>{printerWords(till.printerState, t)}</td>
              <td>{till.version}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The printer's state in the till's words; a state word this version does not know is shown as it came. */
function printerWords(state: string | null, t: ReturnType<typeof useT>): string {
  if (state === null) return t('shop.noPrinter');
  return isPrinterState(state) ? t(`printer.state.${state}`) : state;
}

function isPrinterState(state: string): state is PrinterStateName {
  return (PRINTER_STATES as readonly string[]).includes(state);
}
