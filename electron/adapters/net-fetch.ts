import { net } from 'electron';

// The core's fetch in the app: Chromium's network stack, so the till honours the OS proxy settings and
// certificate store like its browser does (Node's fetch would ignore both).

export const netFetch: typeof fetch = (input, init) => net.fetch(input instanceof URL ? input.href : input, init);
