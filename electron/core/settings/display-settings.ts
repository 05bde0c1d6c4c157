import type { DisplaySettings, Settings } from '../../../shared/settings.ts';

// settings.display: the customer display's own view of the settings. It faces the shopper, so it reads only
// what it shows and obeys (their language, the shop's name, how long a result stays up, the customer's help,
// whether it is a demo till, which the shopper is told),
// never settings.get's whole view (addresses, key names, staff, PIN lockouts, the fleet's policy).

export function displaySettingsOf(settings: Settings): DisplaySettings {
  return {
    locale: settings.customerLocale || settings.locale,
    merchantName: settings.merchantName,
    resultDismissSeconds: settings.resultDismissSeconds,
    customerHelp: { largeText: settings.customerHelp.largeText, soundOnResult: settings.customerHelp.soundOnResult },
    demo: settings.environment === 'embedded-sandbox',
  };
}
