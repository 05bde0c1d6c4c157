import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRequestBody } from './request-body.ts';

// The one body reader of our own servers, over a real loopback server: whole bodies, the size limit (still
// answered on the same connection), and a sender that hangs up mid-body.

const LIMIT = 1024;

let server: Server;
let origin: string;
let outcomes: Array<string | null | 'rejected'>;

beforeEach(async () => {
  outcomes = [];
  server = createServer((request, response) => {
    readRequestBody(request, LIMIT).then(
      (body) => {
        outcomes.push(body);
        response.writeHead(body === null ? 413 : 200, { 'Content-Type': 'text/plain' });
        response.end(body === null ? 'too large' : `got ${Buffer.byteLength(body)} bytes`);
      },
      () => {
        outcomes.push('rejected');
        response.destroy();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('readRequestBody', () => {
  it('reads a whole body as UTF-8, up to the limit included', async () => {
    const text = `{"name":"Zoë"}${' '.repeat(LIMIT - 15)}`;
    expect(Buffer.byteLength(text)).toBe(LIMIT);
    const response = await fetch(origin, { method: 'POST', body: text });
    expect(await response.text()).toBe(`got ${LIMIT} bytes`);
    expect(outcomes).toEqual([text]);
  });

  it('reads an empty body as ""', async () => {
    await (await fetch(origin, { method: 'POST' })).text();
    expect(outcomes).toEqual(['']);
  });

  it('gives null past the limit, and the server can still answer on the same connection', async () => {
    const response = await fetch(origin, { method: 'POST', body: 'x'.repeat(50 * LIMIT) });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe('too large');
    expect(outcomes).toEqual([null]);
  });

  it('rejects when the sender hangs up mid-body, and the server keeps serving', async () => {
    const { port } = new URL(origin);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{"partial":');
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 20);
      });
      socket.on('error', reject);
    });
    await expect.poll(() => outcomes).toEqual(['rejected']);
    expect((await fetch(origin, { method: 'POST', body: 'ok' })).status).toBe(200);
  });
});
