// English templates of the provider clients' notices (core: http/, instore/, tokenized/): what a provider's
// answer or a failed request means for the cashier. `{name}` is a parameter. zh-HK:
// renderer/i18n/notices.provider.zh-HK.ts.

export const PROVIDER_NOTICES_EN = {
  'provider.redirected':
    'The provider answered with a redirect, which a payment request must never follow. Check the environment in Settings.',
} as const;
