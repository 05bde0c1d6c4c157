// The tokenized API's fixed facts as the provider documents them (tokenized-payment-api.md "Limits",
// wire-details §3.1 and §3.2). Written here from the documents, not read from the client: the sandbox stands
// in for the provider, so a wrong path or limit in the client must fail against it rather than be copied.

/** Where the embedded sandbox serves the tokenized API (wire-details §3.1, "Embedded sandbox (ours)"). */
export const TOKENIZED_BASE_PATH = '/demo/merchant';
/** Every endpoint path starts with this, below the base URL (the document's "Versioning"). */
export const API_PREFIX = '/tokenized-payment/v1';
/** Merchant login, directly below the base URL (wire-details §3.1). */
export const LOGIN_PATH = '/auth/login';

export const LIMITS = {
  /** The document's "Limits": `merchantMetadata` has at most 5 keys of at most 200 characters each. */
  metadataKeys: 5,
  metadataValueChars: 200,
  /** wire-details §3.2. */
  phoneHintChars: 30,
  emailHintChars: 254,
  voidReasonChars: 500,
  /** The document's "Limits": a link session lives 20 minutes, an auth code 60 seconds. */
  linkSessionMs: 20 * 60 * 1000,
  authCodeMs: 60 * 1000,
  /** wire-details §3.1: a merchant token is valid 8 hours. */
  merchantTokenMs: 8 * 60 * 60 * 1000,
} as const;
