import type { LearnedAmountLimits } from '../../shared/payments.ts';
import type { Settings } from '../../shared/settings.ts';

/** Where a limit comes from: Settings → amount limits, or the provider's refusals (its own limits for this shop). */
export type LimitSource = 'terminal' | 'provider';

export interface AmountLimits {
  readonly minMinor: number;
  readonly maxMinor: number;
  /** Absent: the terminal's own (Settings). */
  readonly minFrom?: LimitSource;
  readonly maxFrom?: LimitSource;
}

/**
 * The limits an in-store sale must stay within: the tighter of Settings' amount limits and what the provider's
 * refusals taught the till (app.info), each saying where it comes from. (Linked-customer charges go through
 * another provider API, whose refusals teach nothing here: they keep Settings' limits.)
 */
export function saleLimits(terminal: Settings['amountLimits'], learned: LearnedAmountLimits | null): AmountLimits {
  const providerMin = learned?.minMinor ?? null;
  const providerMax = learned?.maxMinor ?? null;
  const minByProvider = providerMin !== null && providerMin > terminal.minMinor;
  const maxByProvider = providerMax !== null && providerMax < terminal.maxMinor;
  return {
    minMinor: minByProvider ? providerMin : terminal.minMinor,
    maxMinor: maxByProvider ? providerMax : terminal.maxMinor,
    minFrom: minByProvider ? 'provider' : 'terminal',
    maxFrom: maxByProvider ? 'provider' : 'terminal',
  };
}
