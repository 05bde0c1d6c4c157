import { useState, type FormEvent } from 'react';
import type { ConsentOpening } from '../../../shared/contract.ts';
import type { ErrorParam } from '../../../shared/notices.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { ErrorText } from '../../components/ErrorText.tsx';
import { FieldProblem, LabelledInput } from '../../components/LabelledInput.tsx';
import { useLocale, useT } from '../../i18n/i18n.tsx';
import { errorText } from '../../i18n/notices.ts';
import { useLinkProgress } from './use-link-progress.ts';

// "Link customer": merchant user id + phone or e-mail (the core masks it before it leaves the till), then
// the wallet's consent page in front of the customer (the customer display; in Electron the consent window,
// on the customer display's screen when there is one), never on the cashier's screen, and progress until the
// customer approved (or the session ended). The payment token never comes here: main exchanges the code and keeps the token sealed.

const MERCHANT_USER_ID = /^[A-Za-z0-9._@+:-]{1,128}$/;

type Phase =
  | { readonly kind: 'form' }
  | { readonly kind: 'starting' }
  | {
      readonly kind: 'waiting';
      readonly linkToken: string;
      readonly merchantUserId: string;
      readonly opening: ConsentOpening;
    }
  | { readonly kind: 'linked'; readonly merchantUserId: string }
  | { readonly kind: 'ended'; readonly reason: ErrorParam | null };

interface Problems {
  id?: string;
  hint?: string;
}

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
  const bridge = useBridge();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<AppError | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });

  const waiting = phase.kind === 'waiting' ? phase : null;
  const pollError = useLinkProgress(
    waiting ? { linkToken: waiting.linkToken, merchantUserId: waiting.merchantUserId } : null,
    (progress) => {
      if (!waiting) return;
      if (progress.state === 'linked') {
        setPhase({ kind: 'linked', merchantUserId: waiting.merchantUserId });
        onLinked(waiting.merchantUserId);
      } else {
        setPhase({ kind: 'ended', reason: progress.reason });
      }
    },
  );

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (phase.kind === 'starting') return;
    const id = merchantUserId.trim();
    const found: Problems = {};
    if (id === '') found.id = t('customers.link.idNeeded');
    else if (!MERCHANT_USER_ID.test(id)) found.id = t('customers.link.idInvalid');
    if (phone.trim() === '' && email.trim() === '') found.hint = t('customers.link.hintNeeded');
    setProblems(found);
    onIdProblem(found.id);
    setError(null);
    if (Object.keys(found).length > 0) return;

    setPhase({ kind: 'starting' });
    const started = await bridge['customers.startLink']({
      merchantUserId: id,
      ...(phone.trim() ? { phoneHint: phone.trim() } : {}),
      ...(email.trim() ? { emailHint: email.trim() } : {}),
    });
    const opened = started.ok ? await bridge['customers.openConsent']({ linkToken: started.value.linkToken }) : null;
    if (!started.ok || !opened?.ok) {
      setError(!started.ok ? started.error : opened && !opened.ok ? opened.error : null);
      setPhase({ kind: 'form' });
      return;
    }
    // The page is with the customer now (their display, or the consent window): the cashier only waits.
    setPhone('');
    setEmail('');
    setPhase({ kind: 'waiting', linkToken: started.value.linkToken, merchantUserId: id, opening: opened.value });
  };

  /** Shows the page to the customer again (their display closed it, or the window was closed). */
  const reopen = async (): Promise<void> => {
    if (!waiting) return;
    const opened = await bridge['customers.openConsent']({ linkToken: waiting.linkToken });
    if (!opened.ok) {
      setError(opened.error);
      return;
    }
    setError(null);
    setPhase({ ...waiting, opening: opened.value });
  };

  const restart = (): void => {
    setPhase({ kind: 'form' });
    setError(null);
  };

  return (
    <section className="customers-link" aria-labelledby="link-title" data-testid="link-customer">
      <h2 id="link-title">{t('customers.link.title')}</h2>
      {(phase.kind === 'form' || phase.kind === 'starting') && (
        <form onSubmit={(event) => void submit(event)} noValidate aria-describedby="link-explain">
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
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            aria-describedby={problems.hint ? 'link-hint-problem' : undefined}
            data-testid="link-phone"
          />
          <LabelledInput
            id="link-email"
            label={t('customers.link.email')}
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={problems.hint ? 'link-hint-problem' : undefined}
            data-testid="link-email"
          />
          <FieldProblem id="link-hint-problem" text={problems.hint} />
          <ErrorText error={error} testId="link-error" />
          <button
            type="submit"
            className="button button-primary"
            disabled={phase.kind === 'starting'}
            data-testid="link-submit"
          >
            {phase.kind === 'starting' ? t('customers.link.starting') : t('customers.link.submit')}
          </button>
        </form>
      )}
      {waiting && (
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
          <ErrorText error={error ?? pollError} testId="link-error" />
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void reopen()}
              data-testid="link-reopen"
            >
              {t('customers.link.reopen')}
            </button>
            <button type="button" className="button button-small" onClick={restart} data-testid="link-cancel">
              {t('customers.link.cancel')}
            </button>
          </div>
        </div>
      )}
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
