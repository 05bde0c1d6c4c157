import type { CustomerNoticeKey } from '../../shared/notices.ts';

// Traditional Chinese for the linked-customer side's notices (English: shared/notices/customers.en.ts).
// A full record: a key without its text here does not compile.

export const CUSTOMER_NOTICES_ZH_HK: Readonly<Record<CustomerNoticeKey, string>> = {
  'link.consent-untrusted':
    '錢包提供的同意頁面位址不符預期（{address}），未有開啟。請重新開始連結；如再次發生，請通知支援人員。',
  'link.consent-not-here': '此畫面無法顯示顧客的同意頁面。請在收銀機應用程式連結顧客。',
  'journal.customers-damaged':
    '已連結顧客的日誌 {file} 已損壞，無法讀取。請關閉應用程式，然後從備份還原此檔案。如沒有備份，請把損壞的檔案移到別處（請保留：它記錄了過往的扣款及預授權），再重新啟動應用程式以建立新的空白日誌；之後顧客須重新連結。',
  'journal.customers-unopenable':
    '無法開啟已連結顧客的日誌 {file}（{reason}）。請確認該檔案及其資料夾可以寫入，然後重新啟動應用程式。',
};
