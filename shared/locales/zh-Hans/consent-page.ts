import type { CONSENT_PAGE_EN } from '../en/consent-page.ts';

// 简体中文（新加坡、马来西亚）: the browser preview's consent pages. Same keys as ../en/consent-page.ts.

export const CONSENT_PAGE_ZH_HANS: Readonly<Record<keyof typeof CONSENT_PAGE_EN, string>> = {
  'consentPage.notFound': '找不到页面',
  'consentPage.notFoundExplain': '这里没有授权页面。',
  'consentPage.notAllowed': '不允许',
  'consentPage.onlyConsentForm': '此页面只显示授权表格。',
  'consentPage.onlyFromTill': '此页面只能从收银机使用。',
  'consentPage.onlyOwnForm': '此页面只接受它自己的表格。',
  'consentPage.formTooLarge': '表格太大。',
  'consentPage.linkInvalid': '链接已失效',
  'consentPage.linkInvalidExplain': '此授权链接已失效。请在收银机重新开始绑定。',
  'consentPage.untrusted': '授权页面地址异常',
  'consentPage.untrustedExplain': '钱包提供的授权页面地址异常，页面没有打开。请在收银机重新开始绑定。',
  'consentPage.unreachable': '授权页面暂时无法使用',
  'consentPage.unreachableExplain': '暂时无法连接钱包的授权页面。请关闭此窗口，然后再试一次。',
  'consentPage.unexpected': '回应异常',
  'consentPage.sentElsewhere': '钱包把此窗口转到了异常的地方。请关闭窗口，然后重新开始绑定。',
  'consentPage.notAPage': '钱包的授权页面传回的内容不是网页。',
  'consentPage.pageTooLarge': '钱包的授权页面太大。',
  'consentPage.linked': '已绑定',
  'consentPage.linkedExplain': '已绑定 — 您可以关闭此窗口。',
  'consentPage.notLinked': '未能绑定',
  'consentPage.ended': '绑定已结束',
};
