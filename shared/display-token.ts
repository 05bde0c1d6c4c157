// The browser preview's customer display gets its own token, scoped to what the display shows
// (electron/core/security/window-channels.ts), instead of the cashier's token that opens the whole contract.
// It is derived one way from the cashier's token (SHA-256 over a fixed label and the token), so the web host
// and the cashier's page compute the same value without another round trip, and a display tab (a screen
// facing the shopper) cannot work its way back to the cashier's token. WebCrypto: the same code runs in the
// page (127.0.0.1 is a secure context) and in Node.

const LABEL = 'wallet-pos customer-display token v1\n';

export async function customerDisplayToken(cashierToken: string): Promise<string> {
  const digest = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(LABEL + cashierToken)),
  );
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
