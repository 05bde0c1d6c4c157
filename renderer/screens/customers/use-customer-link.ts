import { useState, type FormEvent } from 'react';
import type { ConsentOpening } from '../../../shared/consent.ts';
import type { ErrorParam } from '../../../shared/notices.ts';
import type { AppError } from '../../../shared/result.ts';
import { useBridge } from '../../api/bridge.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { useLinkProgress } from './use-link-progress.ts';

// Linking a customer, step by step: the hint form checked, the link started and its consent page opened for
// the customer, then the wait until the customer approved (or the session ended).

const MERCHANT_USER_ID = /^[A-Za-z0-9._@+:-]{1,128}$/;

export type Phase =
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

export interface Problems {
  id?: string;
  hint?: string;
}

export type CustomerLink = ReturnType<typeof useCustomerLink>;

export function useCustomerLink(
  merchantUserId: string,
  onIdProblem: (problem: string | undefined) => void,
  onLinked: (merchantUserId: string) => void,
) {
  const t = useT();
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

  return { phase, waiting, phone, setPhone, email, setEmail, problems, error, pollError, submit, reopen, restart };
}
