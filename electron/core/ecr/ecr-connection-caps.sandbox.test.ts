import { request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_PER_ADDRESS, UNAUTHENTICATED_TOTAL } from './connection-gate.ts';
import { MAX_CONNECTIONS } from './register-module.ts';
import { openRegisterTill, waitFor, type RegisterTill } from './register-till.test-helper.ts';

// Issue 35.4: the shop network cannot fill the register connection. Connections that have not authenticated get
// their own cap (8 per address, 48 in all), so a few machines that open connections and never say a word keep
// the 128 connections from a register. Linux routes all of 127.0.0.0/8 to this computer: each flooding machine
// is one loopback address (127.0.0.2, 127.0.0.3…), the register is 127.0.0.1. Every socket is closed at the end.

interface Silent {
  readonly socket: Socket;
  readonly closed: Promise<void>;
}

let till: RegisterTill | null = null;
const opened: Silent[] = [];
afterEach(() => {
  for (const { socket } of opened.splice(0)) socket.destroy();
  till = null;
});

async function onShopNetwork(): Promise<RegisterTill> {
  const opening = await openRegisterTill();
  await opening.core.handlers['settings.save']({
    settings: { ecr: { enabled: true, port: opening.port, network: 'shop-network', refundsAllowed: true } },
  });
  await waitFor(async () =>
    (await opening.core.handlers['ecr.status']({})).baseUrl?.startsWith('https://') ? true : undefined,
  );
  return opening;
}

/** A TCP connection from `from` that never says a word (no TLS handshake). */
function silentConnection(port: number, from: string): Promise<Silent> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.once('error', reject);
    socket.once('connect', () => {
      const silent = { socket, closed };
      opened.push(silent);
      resolve(silent);
    });
  });
}

/** `count` silent connections from each address, one after another. */
async function flood(port: number, addresses: readonly string[], count: number): Promise<Silent[][]> {
  const all: Silent[][] = [];
  for (const address of addresses) {
    const mine: Silent[] = [];
    for (let i = 0; i < count; i += 1) mine.push(await silentConnection(port, address));
    all.push(mine);
  }
  return all;
}

/** 'closed' once every one of them is closed, or 'still open' after `ms`. */
function allClosedWithin(connections: readonly Silent[], ms: number): Promise<string> {
  return Promise.race([
    Promise.all(connections.map(({ closed }) => closed)).then(() => 'closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
}

/** 'none closed' when not one of them is closed after `ms`. */
function noneClosedWithin(connections: readonly Silent[], ms: number): Promise<string> {
  return Promise.race([
    Promise.race(connections.map(({ closed }) => closed)).then(() => 'one closed'),
    new Promise<string>((resolve) => setTimeout(() => resolve('none closed'), ms)),
  ]);
}

/** A register's request over a new HTTPS connection from `from`: its status, or the error's code. */
function registerAsks(from: string, timeoutMs = 3_000): Promise<number | string> {
  const { port, registers } = till!;
  return new Promise((resolve) => {
    const request = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        path: '/ecr/v1/openapi.json',
        headers: { Authorization: `Bearer ${registers[0]!.key}` },
        rejectUnauthorized: false,
        agent: false,
        timeout: timeoutMs,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end();
  });
}

const loopbacks = (from: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `127.0.0.${from + i}`);

describe('the register connection’s unauthenticated connections', () => {
  it(`four machines with ${MAX_CONNECTIONS / 4} silent connections each cannot lock a new register out`, async () => {
    till = await onShopNetwork();
    // Before the cap, 4 × 32 was every connection the till takes (and within the 32 one address may hold).
    const perMachine = await flood(till.port, loopbacks(2, 4), MAX_CONNECTIONS / 4);
    for (const mine of perMachine) {
      expect(await allClosedWithin(mine.slice(UNAUTHENTICATED_PER_ADDRESS), 3_000)).toBe('closed');
      expect(await noneClosedWithin(mine.slice(0, UNAUTHENTICATED_PER_ADDRESS), 200)).toBe('none closed');
    }
    // A register that never connected before gets in: 4 × 8 is within the 48 unauthenticated connections.
    expect(await registerAsks('127.0.0.1')).toBe(200);
  }, 30_000);

  it(`holds ${UNAUTHENTICATED_TOTAL} in all; a register that authenticated before still gets new connections`, async () => {
    till = await onShopNetwork();
    expect(await registerAsks('127.0.0.1')).toBe(200);
    const machines = Math.ceil(UNAUTHENTICATED_TOTAL / UNAUTHENTICATED_PER_ADDRESS) + 1;
    const all = (await flood(till.port, loopbacks(2, machines), UNAUTHENTICATED_PER_ADDRESS)).flat();
    expect(await allClosedWithin(all.slice(UNAUTHENTICATED_TOTAL), 3_000)).toBe('closed');
    expect(await noneClosedWithin(all.slice(0, UNAUTHENTICATED_TOTAL), 200)).toBe('none closed');
    // A machine never seen is turned away while the 48 are held; the register is not.
    const stranger = await silentConnection(till.port, loopbacks(2 + machines, 1)[0]!);
    expect(await allClosedWithin([stranger], 3_000)).toBe('closed');
    for (let i = 0; i < 3; i += 1) expect(await registerAsks('127.0.0.1')).toBe(200);
  }, 30_000);
});
