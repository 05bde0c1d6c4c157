import { useState } from 'react';
import { ErrorText } from '../../components/ErrorText.tsx';
import { dateTime, money } from '../../components/format.ts';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { ChargeForm } from './ChargeForm.tsx';
import { ChargesTable } from './ChargesTable.tsx';
import { HoldsSection } from './HoldsSection.tsx';
import { UnlinkControl } from './UnlinkControl.tsx';
import type { PanelActor } from './use-amount-submit.ts';
import { useLinkedCustomer } from './use-linked-customer.ts';

/** One customer: who they are, their cashback, and what the till can do with their link. */
export function CustomerPanel({ merchantUserId }: { merchantUserId: string }) {
  const t = useT();
  const locale = useLocale();
  const terminal = useTerminal();
  const { detail, cashback, cashbackError, error, reload, reloadCashback } = useLinkedCustomer(merchantUserId);
  // Who acted last (charge or holds): the other form's old message clears, so only the latest one stands.
  const [lastActor, setLastActor] = useState<string | null>(null);
  const actor = (name: string): PanelActor => ({ name, last: lastActor, acted: () => setLastActor(name) });

  if (!detail) {
    return (
      <div data-testid="customer-loading" aria-busy={!error}>
        {error ? <ErrorText error={error} testId="customer-error" /> : <p>{t('common.loading')}</p>}
      </div>
    );
  }
  const { customer } = detail;
  const linked = customer.status === 'linked';
  // Linked-customer payments are in the wallet channel's currency: the balance names it.
  const currency = cashback?.currency ?? terminal.currency;
  const refresh = (): void => void reload();

  return (
    <article
      className="customers-detail"
      aria-labelledby="customer-title"
      data-testid="customer-detail"
      data-merchant-user-id={customer.merchantUserId}
    >
      <h2 id="customer-title">{t('customers.detail.title', { id: customer.merchantUserId })}</h2>
      <dl className="facts">
        <dt>{t('customers.detail.status')}</dt>
        <dd>
          <span
            className={`badge customer-${customer.status}`}
            data-testid="customer-status"
            data-status={customer.status}
          >
            {t(`customerStatus.${customer.status}`)}
          </span>
        </dd>
        <dt>{t('customers.detail.account')}</dt>
        <dd data-testid="customer-hint">{customer.hint ?? '—'}</dd>
        <dt>{t('customers.detail.linkedAt')}</dt>
        <dd>{dateTime(customer.linkedAt, locale)}</dd>
        {linked && (
          <>
            <dt>{t('customers.detail.cashback')}</dt>
            <dd>
              <span data-testid="customer-cashback" data-amount-minor={cashback?.amountMinor}>
                {cashback ? money(cashback, locale) : t('customers.detail.cashbackUnknown')}
              </span>{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void reloadCashback()}
                data-testid="cashback-refresh"
              >
                {t('customers.detail.refreshCashback')}
              </button>
            </dd>
          </>
        )}
      </dl>
      <ErrorText error={cashbackError ?? error} testId="customer-error" />
      {customer.status === 'unlinked' && <p className="explain">{t('customers.detail.unlinkedExplain')}</p>}
      {customer.status === 'relink-needed' && <p className="explain">{t('customers.detail.relinkExplain')}</p>}
      {linked && (
        <ChargeForm
          merchantUserId={customer.merchantUserId}
          currency={currency}
          cashback={cashback}
          onCharged={refresh}
          actor={actor('charge')}
        />
      )}
      <HoldsSection
        merchantUserId={customer.merchantUserId}
        holds={detail.holds}
        currency={currency}
        canPlace={linked}
        onChanged={refresh}
        actor={actor('holds')}
      />
      <ChargesTable charges={detail.charges} />
      {customer.status !== 'unlinked' && (
        <UnlinkControl merchantUserId={customer.merchantUserId} onUnlinked={refresh} />
      )}
    </article>
  );
}
