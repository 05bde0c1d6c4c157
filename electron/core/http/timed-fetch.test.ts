import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, timedFetch } from './timed-fetch.ts';

// The provider clients' time bounds: the 10 s connect / 20 s read defaults of wire-details §3.2, and that a
// server which takes the request but never answers ends in a timeout (outcome unknown), not a hang.
// A real loopback server on a free port; Node's own fetch, as the web host and the tests use.

let server: Server | null = null;
const sockets = new Set<Socket>();
const stalled: ServerResponse[] = [];

afterEach(async () => {
  for (const response of stalled.splice(0)) response.destroy();
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  if (server) await new Promise<void>((resolveClose) => server!.close(() => resolveClose()));
  server = null;
});

/** A server that accepts every request and then, per `mode`, never answers or sends headers but no end of body. */
async function startStallingServer(mode: 'no-headers' | 'no-body-end'): Promise<string> {
  server = createServer((_request, response) => {
    stalled.push(response);
    if (mode === 'no-body-end') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"partial":'); // headers flushed, body never finished
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolveListen) => server!.listen(0, '127.0.0.1', () => resolveListen()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/posi-sandbox/v1/instore/order`;
}

const fetchImpl = (input: string, init: RequestInit): Promise<Response> => fetch(input, init);

describe('timedFetch', () => {
  it('defaults to 10 s to connect and 20 s to read (wire-details §3.2)', () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ connectMs: 10_000, readMs: 20_000 });
  });

  it('gives up on a server that accepts the request but never answers, after connect + read', async () => {
    const url = await startStallingServer('no-headers');
    const started = performance.now();
    const outcome = await timedFetch(fetchImpl, url, { method: 'POST', body: '{}' }, { connectMs: 100, readMs: 150 });
    const elapsed = performance.now() - started;
    expect(outcome).toEqual({ kind: 'timeout', phase: 'headers', timeoutMs: 250 });
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('gives up on a body that never ends after the read budget alone', async () => {
    const url = await startStallingServer('no-body-end');
    const outcome = await timedFetch(fetchImpl, url, { method: 'GET' }, { connectMs: 100, readMs: 150 });
    expect(outcome).toEqual({ kind: 'timeout', phase: 'body', timeoutMs: 150 });
  });

  it('reports a refused connection as a network failure, not a timeout', async () => {
    const url = await startStallingServer('no-headers');
    await new Promise<void>((resolveClose) => server!.close(() => resolveClose()));
    server = null;
    const outcome = await timedFetch(fetchImpl, url, { method: 'GET' }, { connectMs: 100, readMs: 150 });
    expect(outcome.kind).toBe('network');
  });
});
