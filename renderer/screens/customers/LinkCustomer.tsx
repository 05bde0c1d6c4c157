import { ErrorText } from '../../components/ErrorText.tsx';
import { FieldProblem, LabelledInput } from '../../components/LabelledInput.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/notices.ts';
import { useCustomerLink, type CustomerLink } from './use-customer-link.ts';

// "Link customer": merchant user id + phone or e-mail (the core masks it before it leaves the till), then
// the wallet's consent page in front of the customer (the customer display; in Electron the consent window,
// on the customer display's screen when there is one), never on the cashier's screen, and progress until the
// customer approved (or the session ended). The payment token never comes here: main exchanges the code and keeps the token sealed.

/**
 * One merchant-user-id field on the screen: the one above (Find). Linking uses what is typed there; a problem
 * with it is reported there too (`onIdProblem`).
 */
export function LinkCustomer({
  merchantUserId,
  onIdProblem,
  onLinked,
}: {
  merchantUserId: string;
  onIdProblem: (problem: string | undefined) => void;
  onLinked: (merchantUserId: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const link = useCustomerLink(merchantUserId, onIdProblem, onLinked);
  const { phase, restart } = link;
  return (
    <section className="customers-link" aria-labelledby="link-title" data-testid="link-customer">
      <h2 id="link-title">{t('customers.link.title')}</h2>
      {(phase.kind === 'form' || phase.kind === 'starting') && (
        <LinkHintForm link={link} merchantUserId={merchantUserId} />
      )}
      {link.waiting && <LinkWaiting link={link} />}
      {phase.kind === 'linked' && (
        <div role="status" data-testid="link-progress" data-state="linked">
          <p className="customers-outcome outcome-success">
            {t('customers.link.linked', { id: phase.merchantUserId })}
          </p>
          <button type="button" className="button button-small" onClick={restart} data-testid="link-another">
            {t('customers.link.another')}
          </button>
        </div>
      )}
      {phase.kind === 'ended' && (
        <div role="alert" data-testid="link-progress" data-state="ended">
          <p className="customers-outcome outcome-failure">
            {phase.reason ? errorText(phase.reason, locale) : t('customers.link.ended')}
          </p>
          <button type="button" className="button button-secondary" onClick={restart} data-testid="link-another">
            {t('customers.link.another')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Who is being linked (the id typed above), and the customer's phone or e-mail as a hint for the wallet. */
function LinkHintForm({ link, merchantUserId }: { link: CustomerLink; merchantUserId: string }) {
  const t = useT();
  const { phase, problems } = link;
  return (
    <form onSubmit={(event) => void link.submit(event)} noValidate aria-describedby="link-explain">
      <p id="link-explain" className="hint">
        {t('customers.link.explain')}
      </p>
      <p className="link-for" data-testid="link-for">
        {merchantUserId.trim() === ''
          ? t('customers.link.typeIdAbove')
          : t('customers.link.forId', { id: merchantUserId.trim() })}
      </p>
      <LabelledInput
        id="link-phone"
        label={t('customers.link.phone')}
        type="tel"
        autoComplete="off"
        maxLength={40}
        value={link.phone}
        onChange={(event) => link.setPhone(event.target.value)}
        aria-describedby={problems.hint ? 'link-hint-problem' : undefined}
        data-testid="link-phone"
      />
      <LabelledInput
        id="link-email"
        label={t('customers.link.email')}
        type="email"
        autoComplete="off"
        maxLength={254}
        value={link.email}
        onChange={(event) => link.setEmail(event.target.value)}
        aria-describedby={problems.hint ? 'link-hint-problem' : undefined}
        data-testid="link-email"
      />
      <FieldProblem id="link-hint-problem" text={problems.hint} />
      <ErrorText error={link.error} testId="link-error" />
      <button
        type="submit"
        className="button button-primary"
        disabled={phase.kind === 'starting'}
        data-testid="link-submit"
      >
        {phase.kind === 'starting' ? t('customers.link.starting') : t('customers.link.submit')}
      </button>
    </form>
  );
}

/** The consent page is with the customer: where it shows, and to show it again or give up. */
function LinkWaiting({ link }: { link: CustomerLink }) {
  const t = useT();
  const waiting = link.waiting!;
  return (
    <div
      className="customers-link-progress"
      role="status"
      aria-live="polite"
      data-testid="link-progress"
      data-state="waiting"
    >
      <p>
        {waiting.opening.kind === 'window' && !waiting.opening.onCustomerDisplay
          ? t('customers.link.waitingWindow', { id: waiting.merchantUserId })
          : t('customers.link.waitingOnDisplay', { id: waiting.merchantUserId })}
      </p>
      {/* The customer approves on their own screen; nobody should approve for them at the till. */}
      <p className="hint">{t('customers.link.customerApproves')}</p>
      <ErrorText error={link.error ?? link.pollError} testId="link-error" />
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void link.reopen()}
          data-testid="link-reopen"
        >
          {t('customers.link.reopen')}
        </button>
        <button type="button" className="button button-small" onClick={link.restart} data-testid="link-cancel">
          {t('customers.link.cancel')}
        </button>
      </div>
    </div>
  );
}
