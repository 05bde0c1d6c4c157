// Who makes a contract call, as the transport that carried it knows it: the window main made it for (Electron
// IPC) or the token it presented (the web host). Which channels a role may call at all is decided before the
// call (electron/core/security/window-channels.ts); a handler whose answer depends on who asks (the customer's
// own approval on their display) reads it from its second argument. A call made inside the core, or by a test
// that names no caller, has none and gets nothing that needs one.

/** The page a call comes from: the cashier's screen, or the customer display facing the shopper. */
export type WindowRole = 'cashier' | 'customer-display';

export interface Caller {
  readonly role: WindowRole;
}
