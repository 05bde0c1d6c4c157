import type { CurrencyCode } from '../../shared/money.ts';
import { DEFAULT_SETTINGS, type Locale, type Settings, type TerminalMode } from '../../shared/settings.ts';
import { useAppStore } from './app-store.ts';
import { saleLimits, type AmountLimits } from './sale-limits.ts';

// The terminal facts screens need, from saved settings when loaded (they change live through
// settings.changed), else from app.info. One place, so no screen reads a stale copy.

export interface Terminal {
  readonly merchantName: string;
  readonly posId: string;
  readonly terminalReference: string;
  readonly currency: CurrencyCode;
  readonly mode: TerminalMode;
  readonly kiosk: boolean;
  readonly locale: Locale;
  /** The language of what the customer reads (the kiosk's customer screens): Settings' customerLocale, else locale. */
  readonly customerLocale: Locale;
  readonly demo: boolean;
  readonly settings: Settings;
  /** What an in-store sale must stay within: Settings' amount limits, tightened by what the provider refused. */
  readonly saleLimits: AmountLimits;
}

export function useTerminal(): Terminal {
  const info = useAppStore((state) => state.info);
  const view = useAppStore((state) => state.settingsView);
  const settings = view?.settings ?? DEFAULT_SETTINGS;
  const demo = view?.demo ?? info?.demo ?? false;
  return {
    merchantName: view ? settings.merchantName : (info?.merchantName ?? ''),
    // In demo mode settings carry no posId; app.info names the one in effect (the sandbox's terminal).
    // In demo mode a posId typed in Settings is not the one in effect (it waits for a real environment).
    posId: (view && !demo ? settings.posId : '') || (info?.posId ?? ''),
    terminalReference: view ? settings.terminalReference : (info?.terminalReference ?? ''),
    // On the demo the embedded sandbox's merchant fixes the currency (app.info), whatever country is saved for
    // a real environment: a sale in another currency would only be refused.
    currency: demo && info ? info.currency : view ? settings.currency : (info?.currency ?? settings.currency),
    mode: view ? settings.mode : (info?.mode ?? 'cashier'),
    kiosk: view ? settings.kiosk : (info?.kiosk ?? false),
    locale: view ? settings.locale : (info?.locale ?? 'en'),
    customerLocale: (view ? settings.customerLocale || settings.locale : null) ?? info?.locale ?? 'en',
    demo,
    settings,
    saleLimits: saleLimits(settings.amountLimits, info?.providerAmountLimits ?? null),
  };
}
