// English templates of the provider clients' notices (core: http/, instore/, tokenized/): what a provider's
// answer or a failed request means for the cashier. `{name}` is a parameter. zh-HK:
// ../zh-HK/notices.provider.ts.

export const PROVIDER_NOTICES_EN = {
  'provider.redirected':
    'The provider answered with a redirect, which a payment request must never follow. Check the environment in Settings.',
  'provider.connection-dropped':
    'The connection to the provider dropped before it answered. The result is being checked.',
  'provider.address-not-found':
    'The provider address answered "not found". Check the environment and address in Settings.',
  'provider.action-conflict': 'The provider says this action no longer fits the hold or payment. Check its status.',
  'provider.login-expired': "The provider issued a login that has already expired. Check this till's clock.",

  // Refusals the provider publishes, where its code's general text would send the admin the wrong way.
  'provider.date-unreadable':
    'The provider could not read the time sent with the request. A proxy or firewall may be changing it.',
  'provider.credentials-stripped':
    'The provider did not receive our credentials. A proxy or firewall may be removing them.',
  'provider.not-onboarded':
    'These credentials cannot take payments in the selected country. Check the country in Settings.',
  'provider.clock-ahead':
    "This till's clock is {duration} ahead of the provider's. Fix the system time, then try again.",
  'provider.clock-behind':
    "This till's clock is {duration} behind the provider's. Fix the system time, then try again.",

  // Refused before anything was sent.
  'provider.address-invalid': 'The provider address is not a valid web address (it must start with https://).',
  'provider.address-not-https':
    'The provider address must start with https:// (plain http:// is allowed only for this computer).',
  'provider.address-extras': 'The provider address must not contain ?, # or a user name.',
  'provider.demo-not-running': 'The built-in demo provider is not running. Restart the app.',
  'provider.header-prefix-invalid': 'The header prefix must look like "X-ShopBack-".',
  'provider.access-key-spaces': 'The access key id contains spaces or a colon. Check it in Settings.',
  'provider.currency-not-in-country':
    '{currency} cannot be used in {country}: the provider accepts only {accepted} there.',
  'provider.reference-invalid': 'This payment reference is not valid.',
  'provider.field-invalid': 'The request was not sent: "{field}" is not valid. Check Settings and the entry.',
  'amount.too-large-to-send': 'This amount is too large to send.',

  // The provider's environments, as an admin chooses them in Settings.
  'environment.embedded-sandbox': 'Demo (built-in sandbox)',
  'environment.provider-sandbox': 'Provider sandbox',
  'environment.sg-production': 'Singapore production',
  'environment.hk-production': 'Hong Kong production',
  'environment.th-production': "Thailand production (only in the provider's older document)",
  'environment.custom': 'Custom address',

  // Settings → Test connection: what worked, or what to fix. {where}: connection.where.
  'connection.where': '{environment} ({host})',
  'connection.accepted': 'Connected to {where}: signature accepted.',
  'connection.accepted-in-sync': 'Connected to {where}: signature accepted, clock in sync (within {duration}).',
  'connection.accepted-clock-ahead':
    "Connected to {where}: signature accepted, but this till's clock is {duration} ahead of the provider's: fix the system time before payments start failing.",
  'connection.accepted-clock-behind':
    "Connected to {where}: signature accepted, but this till's clock is {duration} behind the provider's: fix the system time before payments start failing.",
  'connection.answered-but': '{where} answered, but: {error}',
  'connection.not-answered': '{where}: {error}',
  'connection.failed-inside': 'The connection test failed inside the app. Try again.',
  'duration.seconds': '{s} s',
  'duration.minutes': '{m} min',
  'duration.minutes-seconds': '{m} min {s} s',
  'duration.hours': '{h} h',
  'duration.hours-minutes': '{h} h {m} min',
  'field.access-key-id': 'access key id',
  'field.access-key-secret': 'access key secret',
  'field.pos-id': 'terminal id (posId)',
} as const;
