// The provider's custom headers as the two API documents spell them: the documents write the prefix
// `X-Service-` (wire-details §1; the live service spells it `X-ShopBack-`), and the embedded sandbox answers
// to the documents. Node lower-cases incoming header names, so look them up with `.toLowerCase()`.

/** A write's idempotency key (wire-details §2.2, §2.7; tokenized document "Endpoints"). */
export const IDEMPOTENCY_HEADER = 'X-Service-Idempotent-Id';
/** The link session's app token, sent with the consent page request (wire-details §3.3). */
export const APP_TOKEN_HEADER = 'X-Service-App-Token';
