import type { CustomerNoticeKey } from '../../notices.ts';

// Traditional Chinese for the linked-customer side's notices (English: ../en/notices.customers.ts).
// A full record: a key without its text here does not compile.

export const CUSTOMER_NOTICES_ZH_HANS: Readonly<Record<CustomerNoticeKey, string>> = {
  'link.consent-untrusted':
    '錢包提供的同意頁面位址不符預期（{address}），未有開啟。請重新開始連結；如再次發生，請通知支援人員。',
  'link.consent-not-here': '此畫面無法顯示顧客的同意頁面。請在收銀機應用程式連結顧客。',
  'link.hint-needed': '請輸入顧客的電話號碼或電郵地址。',
  'link.phone-hint-invalid': '請輸入完整的電話號碼（顧客看到的會是遮蔽後的號碼）。',
  'link.email-hint-invalid': '請輸入有效的電郵地址（顧客看到的會是遮蔽後的地址）。',
  'link.not-stored': '顧客已批准，但此收銀機未能安全地儲存連結。請檢查此電腦的金鑰庫，然後重新連結顧客。',
  'journal.customers-damaged':
    '已連結顧客的日誌 {file} 已損壞，無法讀取。請關閉應用程式，然後從備份還原此檔案。如沒有備份，請把損壞的檔案移到別處（請保留：它記錄了過往的扣款及預授權），再重新啟動應用程式以建立新的空白日誌；之後顧客須重新連結。',
  'journal.customers-unopenable':
    '無法開啟已連結顧客的日誌 {file}（{reason}）。請確認該檔案及其資料夾可以寫入，然後重新啟動應用程式。',
  'journal.customers-newer':
    '已連結顧客的日誌由較新版本的應用程式寫入（結構版本 {schema}，此應用程式只認識 {known}）。請更新應用程式。',

  'customers.credentials-missing': '已連結顧客付款需要商戶編號及密碼。請管理員在「設定」輸入。',
  'customers.callback-missing': '已連結顧客付款需要連結回調地址。請管理員在「設定」輸入。',
  'customers.gateway-missing': '自訂環境的已連結顧客付款需要商戶閘道地址。',
  'customers.currency-other': '此貨幣並非已連結顧客付款所設定的貨幣。',
  'customers.reference-taken': '此參考編號已被使用；未有送出任何請求。請再試。',

  'hold.not-on-till': '此收銀機沒有此參考編號的預授權。',
  'hold.never-placed-capture': '此預授權從未建立，因此無法扣款。',
  'hold.never-placed-release': '此預授權從未建立，因此無法釋放。',
  'unlink.still-checking': '此顧客的扣款或預授權仍在向支付商查核。請待結果出來後再解除連結。',
  'unlink.open-holds': '此顧客有 {count} 項未完成的預授權。請先扣款或釋放，再解除連結。',
  'unlink.hold-elsewhere':
    '錢包仍有此顧客一項此收銀機無法處理的未完成預授權（已停止確認的，或在別處建立的）。請先向支付商查核，再解除連結。',

  // Shown after 「已停止確認，請向支付商查核：」, which already says to check with the provider.
  'stopped.too-late': '首次送出超過 {minutes} 分鐘後不會再自動重新送出，以免延後向顧客收款',
  'stopped.link-invalid': '顧客的連結已失效',
  'stopped.hold-unknown': '支付商不認識此預授權（環境或商戶已更改？）',
  'stopped.resend-refused': '支付商拒絕了重新送出（{error}）',
  'stopped.recorded': '{text}',
};
