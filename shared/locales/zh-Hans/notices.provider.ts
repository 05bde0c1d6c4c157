import type { ProviderNoticeKey } from '../../notices.ts';

// Traditional Chinese for the provider clients' notices (English: ../en/notices.provider.ts).
// A full record: a key without its text here does not compile.

export const PROVIDER_NOTICES_ZH_HANS: Readonly<Record<ProviderNoticeKey, string>> = {
  'provider.redirected': '支付商以轉址回應，付款請求絕不會跟隨轉址。請在「設定」檢查環境。',
  'provider.connection-dropped': '與支付商的連線在回應前中斷。正在核實結果。',
  'provider.address-not-found': '支付商地址回應「找不到」。請在「設定」檢查環境及地址。',
  'provider.action-conflict': '支付商表示此操作已不適用於此預授權或付款。請檢查其狀態。',
  'provider.login-expired': '支付商發出的登入憑證已經過期。請檢查此收銀機的時鐘。',

  'provider.date-unreadable': '支付商無法讀取請求中的時間。代理伺服器或防火牆可能修改了它。',
  'provider.credentials-stripped': '支付商未有收到我們的憑證。代理伺服器或防火牆可能把它移除了。',
  'provider.not-onboarded': '這組憑證不能在所選國家收款。請在「設定」檢查國家。',
  'provider.clock-ahead': '此收銀機的時鐘比支付商快 {duration}。請先校正系統時間，然後再試。',
  'provider.clock-behind': '此收銀機的時鐘比支付商慢 {duration}。請先校正系統時間，然後再試。',

  'provider.address-invalid': '支付商地址不是有效的網址（必須以 https:// 開頭）。',
  'provider.address-not-https': '支付商地址必須以 https:// 開頭（只有本電腦可使用 http://）。',
  'provider.address-extras': '支付商地址不可包含 ?、# 或用戶名稱。',
  'provider.demo-not-running': '內置示範支付商未有運行。請重新啟動應用程式。',
  'provider.header-prefix-invalid': '標頭前綴必須類似「X-ShopBack-」。',
  'provider.access-key-spaces': '存取金鑰 ID 含有空格或冒號。請在「設定」檢查。',
  'provider.currency-not-in-country': '{currency} 不能在 {country} 使用：支付商在該地只接受 {accepted}。',
  'provider.reference-invalid': '此付款的參考編號無效。',
  'provider.field-invalid': '請求未有送出：「{field}」無效。請檢查「設定」及輸入的資料。',
  'amount.too-large-to-send': '此金額太大，無法送出。',

  'environment.embedded-sandbox': '示範（內置模擬環境）',
  'environment.provider-sandbox': '支付商測試環境',
  'environment.sg-production': '新加坡正式環境',
  'environment.hk-production': '香港正式環境',
  'environment.th-production': '泰國正式環境（只列於支付商較舊的文件）',
  'environment.custom': '自訂地址',

  'connection.where': '{environment}（{host}）',
  'connection.accepted': '已連接 {where}：簽署獲接受。',
  'connection.accepted-in-sync': '已連接 {where}：簽署獲接受，時鐘同步（相差 {duration} 以內）。',
  'connection.accepted-clock-ahead':
    '已連接 {where}：簽署獲接受，但此收銀機的時鐘比支付商快 {duration}：請在付款開始失敗前校正系統時間。',
  'connection.accepted-clock-behind':
    '已連接 {where}：簽署獲接受，但此收銀機的時鐘比支付商慢 {duration}：請在付款開始失敗前校正系統時間。',
  'connection.answered-but': '{where}有回應，但：{error}',
  'connection.not-answered': '{where}：{error}',
  'connection.failed-inside': '連線測試在應用程式內部出錯。請再試。',
  'duration.seconds': '{s} 秒',
  'duration.minutes': '{m} 分鐘',
  'duration.minutes-seconds': '{m} 分 {s} 秒',
  'duration.hours': '{h} 小時',
  'duration.hours-minutes': '{h} 小時 {m} 分鐘',
  'field.access-key-id': '存取金鑰 ID',
  'field.access-key-secret': '存取金鑰密鑰',
  'field.pos-id': '終端機 ID（posId）',
};
