import type { Server } from 'node:net';

// Who may hold the register connection's connections on the shop network (issue 35.4). A connection counts as
// unauthenticated from its first byte until a request on it presents a valid register key; those get a small cap
// of their own, per remote address and in total, so machines that never authenticate (port scanners, a faulty
// device, four laptops opening connections) hold at most UNAUTHENTICATED_TOTAL of the listener's MAX_CONNECTIONS:
// the rest stays for registers. An address that authenticated within the hour is a register's: its new
// connections pass both caps (a register opens its streams and long polls in a burst, each unauthenticated until
// its first request), bounded still by the per-address and overall caps of ../http/listen.ts.

/** Unauthenticated connections one address may hold: a register's first few requests, never a flood. */
export const UNAUTHENTICATED_PER_ADDRESS = 8;
/** Unauthenticated connections from all addresses: 48 of the 128, so 80 always stay for registers. */
export const UNAUTHENTICATED_TOTAL = 48;
/** How long an address that authenticated counts as a register's. */
const REGISTER_ADDRESS_MS = 60 * 60 * 1000;
/** Register addresses remembered at most (the oldest forgotten first): a shop has a few registers. */
const REGISTER_ADDRESSES_KEPT = 256;

/** What the gate needs of a connection: the TCP socket and the TLS socket over it both answer these alike. */
interface Peer {
  readonly remoteAddress?: string | undefined;
  readonly remotePort?: number | undefined;
}

export interface ConnectionGate {
  /** Counts the server's connections from now on; one over a cap is closed at once, before its handshake. */
  watch(server: Server): void;
  /** A request on this connection presented a valid key: it no longer counts as unauthenticated. */
  authenticated(socket: Peer): void;
}

export function createConnectionGate(now: () => number = Date.now): ConnectionGate {
  /** Unauthenticated connections by "address|port", with their address. */
  const unauthenticated = new Map<string, string>();
  const perAddress = new Map<string, number>();
  const registerAddresses = new Map<string, number>();

  const idOf = (peer: Peer): string => `${peer.remoteAddress ?? ''}|${peer.remotePort ?? 0}`;
  const isRegisterAddress = (address: string): boolean => {
    const at = registerAddresses.get(address);
    return at !== undefined && now() - at < REGISTER_ADDRESS_MS;
  };
  const release = (id: string): void => {
    const address = unauthenticated.get(id);
    if (address === undefined) return;
    unauthenticated.delete(id);
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  };

  return {
    watch(server) {
      server.prependListener('connection', (socket) => {
        const address = socket.remoteAddress ?? '';
        if (isRegisterAddress(address)) return;
        const held = perAddress.get(address) ?? 0;
        if (held >= UNAUTHENTICATED_PER_ADDRESS || unauthenticated.size >= UNAUTHENTICATED_TOTAL) {
          socket.destroy();
          return;
        }
        const id = idOf(socket);
        unauthenticated.set(id, address);
        perAddress.set(address, held + 1);
        socket.once('close', () => release(id));
      });
    },
    authenticated(socket) {
      release(idOf(socket));
      const address = socket.remoteAddress ?? '';
      registerAddresses.delete(address);
      registerAddresses.set(address, now());
      if (registerAddresses.size > REGISTER_ADDRESSES_KEPT)
        registerAddresses.delete(registerAddresses.keys().next().value!);
    },
  };
}
