// Where the embedded sandbox serves the in-store API (wire-details §2.1, "Embedded sandbox (ours)"). Written
// here from the document, not read from the client: the sandbox stands in for the provider, so a wrong path
// in the client must fail against it rather than be copied into it.

export const INSTORE_BASE_PATH = '/posi-sandbox';
