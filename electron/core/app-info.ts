import type { AppInfo } from '../../shared/status.ts';
import { CURRENCY_OF_COUNTRY, type CountryCode } from '../../shared/money.ts';
import type { LearnedAmountLimits } from '../../shared/payments.ts';
import type { JournalProblem } from '../../shared/journal.ts';
import type { Settings } from '../../shared/settings.ts';

// app.info: who and where this till is, for the header, the status bar and the DEMO banner.

export interface AppInfoInputs {
  readonly version: string;
  readonly transport: AppInfo['transport'];
  readonly settings: Settings;
  /** posId requests go out with (the demo terminal's in demo mode), or the configured one. */
  readonly posId: string;
  /** Country requests go out with (the demo merchant's in demo mode), which fixes the till's currency. */
  readonly country: CountryCode;
  /** Origin of the embedded sandbox when running on it. */
  readonly sandboxOrigin: string | null;
  readonly journalProblems: readonly JournalProblem[];
  readonly providerAmountLimits: LearnedAmountLimits;
}

export function buildAppInfo(inputs: AppInfoInputs): AppInfo {
  const { settings } = inputs;
  const demo = settings.environment === 'embedded-sandbox';
  return {
    version: inputs.version,
    transport: inputs.transport,
    environment: settings.environment,
    demo,
    mode: settings.mode,
    kiosk: settings.kiosk,
    locale: settings.locale,
    merchantName: settings.merchantName,
    posId: inputs.posId,
    terminalReference: settings.terminalReference,
    // Derived from the country requests go out with, so a screen can never offer a currency the provider refuses.
    currency: CURRENCY_OF_COUNTRY[inputs.country],
    sandboxBaseUrl: demo ? inputs.sandboxOrigin : null,
    journalProblems: inputs.journalProblems,
    providerAmountLimits: inputs.providerAmountLimits,
  };
}
