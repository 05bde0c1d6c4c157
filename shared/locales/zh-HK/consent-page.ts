import type { CONSENT_PAGE_EN } from '../en/consent-page.ts';

// 繁體中文（香港）: the browser preview's consent pages. Same keys as ../en/consent-page.ts.

export const CONSENT_PAGE_ZH_HK: Readonly<Record<keyof typeof CONSENT_PAGE_EN, string>> = {
  'consentPage.notFound': '找不到頁面',
  'consentPage.notFoundExplain': '這裏沒有授權頁面。',
  'consentPage.notAllowed': '不允許',
  'consentPage.onlyConsentForm': '此頁面只顯示授權表格。',
  'consentPage.onlyFromTill': '此頁面只可從收銀機使用。',
  'consentPage.onlyOwnForm': '此頁面只接受它自己的表格。',
  'consentPage.formTooLarge': '表格太大。',
  'consentPage.linkInvalid': '連結已失效',
  'consentPage.linkInvalidExplain': '此授權連結已失效。請在收銀機重新開始綁定。',
  'consentPage.untrusted': '授權頁面地址異常',
  'consentPage.untrustedExplain': '錢包提供的授權頁面地址異常，頁面未有開啟。請在收銀機重新開始綁定。',
  'consentPage.unreachable': '授權頁面暫時無法使用',
  'consentPage.unreachableExplain': '暫時無法連接錢包的授權頁面。請關閉此視窗，然後再試一次。',
  'consentPage.unexpected': '回應異常',
  'consentPage.sentElsewhere': '錢包把此視窗轉到了異常的地方。請關閉視窗，然後重新開始綁定。',
  'consentPage.notAPage': '錢包的授權頁面傳回的內容不是網頁。',
  'consentPage.pageTooLarge': '錢包的授權頁面太大。',
  'consentPage.linked': '已綁定',
  'consentPage.linkedExplain': '已綁定 — 你可以關閉此視窗。',
  'consentPage.notLinked': '未能綁定',
  'consentPage.ended': '綁定已結束',
};
