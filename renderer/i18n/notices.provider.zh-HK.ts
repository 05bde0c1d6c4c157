import type { ProviderNoticeKey } from '../../shared/notices.ts';

// Traditional Chinese for the provider clients' notices (English: shared/notices/provider.en.ts).
// A full record: a key without its text here does not compile.

export const PROVIDER_NOTICES_ZH_HK: Readonly<Record<ProviderNoticeKey, string>> = {
  'provider.redirected': '支付商以轉址回應，付款請求絕不會跟隨轉址。請在「設定」檢查環境。',
};
