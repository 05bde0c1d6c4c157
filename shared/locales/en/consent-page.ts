// English strings of the browser preview's consent pages (electron/web/consent-broker.ts): the small pages the
// broker shows in the customer's popup instead of the wallet's page, or after it. Spread into screens.ts; every key
// must exist in each other language's consent-page.ts too.

export const CONSENT_PAGE_EN = {
  'consentPage.notFound': 'Not found',
  'consentPage.notFoundExplain': 'There is no consent page here.',
  'consentPage.notAllowed': 'Not allowed',
  'consentPage.onlyConsentForm': 'This page only shows the consent form.',
  'consentPage.onlyFromTill': 'This page can only be used from the till.',
  'consentPage.onlyOwnForm': 'This page only accepts its own form.',
  'consentPage.formTooLarge': 'The form is too large.',
  'consentPage.linkInvalid': 'Link no longer valid',
  'consentPage.linkInvalidExplain': 'This consent link is no longer valid. Start linking again from the till.',
  'consentPage.untrusted': 'Unexpected consent page',
  'consentPage.untrustedExplain':
    'The wallet named a consent page at an unexpected address; it was not opened. Start linking again from the till.',
  'consentPage.unreachable': 'Consent page unavailable',
  'consentPage.unreachableExplain':
    'The wallet’s consent page cannot be reached right now. Close this window and try again.',
  'consentPage.unexpected': 'Unexpected answer',
  'consentPage.sentElsewhere': 'The wallet sent this window somewhere unexpected. Close it and start linking again.',
  'consentPage.notAPage': 'The wallet’s consent page sent something that is not a page.',
  'consentPage.pageTooLarge': 'The wallet’s consent page is too large.',
  'consentPage.linked': 'Linked',
  'consentPage.linkedExplain': 'Linked — you can close this window.',
  'consentPage.notLinked': 'Not linked',
  'consentPage.ended': 'Linking ended',
};
