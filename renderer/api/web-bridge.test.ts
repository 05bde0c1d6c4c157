// Test-only Node imports: a real loopback server stands in for the web host (the page itself never loads them).
// eslint-disable-next-line no-restricted-imports
import { createServer, type Server } from 'node:http';
// eslint-disable-next-line no-restricted-imports
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebBridge } from './web-bridge.ts';
import { sleep } from '../../electron/testing/helpers.ts';

// A screen reads what stands, then lives on events: a register's sale sent between that read and the event
// stream's opening was lost (the register-connection e2e failed about once in eight runs). Calls made once a
// screen listens wait for the stream to open. The HTTP side is a real loopback server; the WebSocket is a
// stand-in whose opening the test decides.

let server: Server | null = null;
const originalUrl = window.location.href;
afterEach(async () => {
  setPageUrl(originalUrl);
  if (server) await new Promise<void>((done) => server!.close(() => done()));
  server = null;
});

/** The page comes from the host, as in the preview (happy-dom's own hook: no navigation). */
function setPageUrl(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

async function startHost(received: string[]): Promise<string> {
  server = createServer((request, response) => {
    received.push(request.url ?? '');
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ ok: true, value: null }));
    });
  });
  await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', () => listening()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setPageUrl(`${origin}/`);
  return origin;
}

/** A WebSocket that opens when the test says so. */
function controlledSocket() {
  const sockets: { onopen: (() => void) | null }[] = [];
  class StandInSocket {
    onopen: (() => void) | null = null;
    onmessage: ((message: MessageEvent) => void) | null = null;
    onclose: (() => void) | null = null;
    constructor() {
      sockets.push(this);
    }
    close(): void {}
  }
  return { WebSocketImpl: StandInSocket as unknown as typeof WebSocket, open: () => sockets[0]?.onopen?.() };
}

describe('the web bridge and its event stream', () => {
  it('a call made once a screen listens leaves only after the event stream is open', async () => {
    const received: string[] = [];
    const origin = await startHost(received);
    const socket = controlledSocket();
    const bridge = createWebBridge({ origin, token: 't', WebSocketImpl: socket.WebSocketImpl });
    bridge.on('ecr.sale', () => {});
    const answer = bridge['ecr.openSale']({});
    await sleep(100);
    expect(received).toEqual([]);
    socket.open();
    expect(await answer).toEqual({ ok: true, value: null });
    expect(received).toEqual(['/api/ecr.openSale']);
  });

  it('a stream that never opens delays a call only by the bounded wait', async () => {
    const received: string[] = [];
    const origin = await startHost(received);
    const socket = controlledSocket();
    const bridge = createWebBridge({ origin, token: 't', WebSocketImpl: socket.WebSocketImpl, eventStreamWaitMs: 150 });
    bridge.on('ecr.sale', () => {});
    expect(await bridge['ecr.openSale']({})).toEqual({ ok: true, value: null });
    expect(received).toEqual(['/api/ecr.openSale']);
  });

  it('a call made before anything listens goes at once', async () => {
    const received: string[] = [];
    const origin = await startHost(received);
    const socket = controlledSocket();
    const bridge = createWebBridge({ origin, token: 't', WebSocketImpl: socket.WebSocketImpl });
    expect(await bridge['ecr.openSale']({})).toEqual({ ok: true, value: null });
    expect(received).toEqual(['/api/ecr.openSale']);
  });
});
