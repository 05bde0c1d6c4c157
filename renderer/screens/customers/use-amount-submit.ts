import { useState, type FormEvent } from 'react';
import type { CurrencyCode } from '../../../shared/money.ts';
import type { AppError, Result } from '../../../shared/result.ts';
import type { Locale } from '../../../shared/settings.ts';
import { useLocale, useT, type Translate } from '../../i18n/i18n.tsx';
import { useTerminal } from '../../stores/terminal.ts';
import { validateSaleAmount } from '../sale/validate-amount.ts';
import type { Outcome } from './outcome.ts';

/** A form's place among the customer panel's forms (charge, holds): its name, who acted last, "I act now". */
export interface PanelActor {
  readonly name: string;
  readonly last: string | null;
  acted(): void;
}

/**
 * The state and submit of a linked-customer amount form ("Charge now", "Place hold"): the amount is checked
 * against the till's limits before anything is sent (the cashier hears it at once; the core checks again),
 * a second press while one is in flight is ignored (no double charge), and the answer becomes the outcome
 * line. The amount is cleared only once the wallet took it (`clearsAmount`), so a refused one can be
 * retried or corrected.
 *
 * `error`/`outcome` setters are returned too: a form may report other actions (capture, void) in the same
 * place.
 */
export function useAmountSubmit<T>({
  currency,
  send,
  describe,
  clearsAmount,
  onSent,
  actor,
}: {
  currency: CurrencyCode;
  send: (amountMinor: number) => Promise<Result<T>>;
  describe: (value: T, t: Translate, locale: Locale) => Outcome;
  clearsAmount: (value: T) => boolean;
  onSent: () => void;
  /** Which form this is, and who acted last on the panel: one form's old message clears when another acts. */
  actor?: PanelActor | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  // Settings' limits only: the provider's refusals taught are the in-store API's (sale-limits.ts).
  const limits = useTerminal().settings.amountLimits;
  const [amountMinor, setAmountMinor] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const changeAmount = (value: number): void => {
    setError(null);
    setAmountMinor(value);
  };

  // Another form on the panel acted: this one's old result or error no longer describes what happened last
  // (adjusted while rendering, when the panel's last actor changes).
  const lastActor = actor?.last ?? null;
  const [seenActor, setSeenActor] = useState(lastActor);
  if (lastActor !== seenActor) {
    setSeenActor(lastActor);
    if (lastActor !== null && lastActor !== actor?.name) {
      setOutcome(null);
      setError(null);
    }
  }

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    actor?.acted();
    const problem = validateSaleAmount(amountMinor, limits, currency);
    setError(problem);
    setOutcome(null);
    if (problem) return;
    setBusy(true);
    const result = await send(amountMinor);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setOutcome(describe(result.value, t, locale));
    if (clearsAmount(result.value)) setAmountMinor(0);
    onSent();
  };

  return { amountMinor, changeAmount, maxMinor: limits.maxMinor, busy, error, setError, outcome, setOutcome, submit };
}

export type AmountSubmit<T> = ReturnType<typeof useAmountSubmit<T>>;
