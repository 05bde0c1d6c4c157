import { Agent, request, type ServerResponse } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { PosError } from '../../../shared/errors.ts';
import { ensureCertificate } from '../ecr/certificate.ts';
import { listen, listenRefusalOf, type Listening } from './listen.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The one listen helper over real sockets: a taken port is a typed refusal (never an 'error' event that ends
// the process), close ends kept-alive connections, a connection over its address's cap is closed at once while
// other addresses get in, and a connection that never starts TLS is closed after the handshake timeout.

const opened: Listening[] = [];
const others: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const listening of opened.splice(0)) await listening.close();
  for (const server of others.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const hello = (_request: unknown, response: ServerResponse): void => {
  response.end('hello');
};

async function open(options: Partial<Parameters<typeof listen>[0]> = {}): Promise<Listening> {
  const listening = await listen({ port: 0, host: '127.0.0.1', handler: hello, ...options });
  opened.push(listening);
  return listening;
}

async function somebodyElseOn(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  others.push(server);
  return (server.address() as { port: number }).port;
}

/** A TCP connection that says nothing, from `from`; resolves once connected. */
function silent(port: number, from: string): Promise<{ socket: Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => resolve({ socket, closed }));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {});
    socket.once('error', reject);
    sockets.push(socket);
  });
}

describe('listen', () => {
  it('a port another program holds rejects with listen.refused (in use), and nothing else happens', async () => {
    const port = await somebodyElseOn();
    const refused = await listen({ port, host: '127.0.0.1', handler: hello }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PosError);
    expect(refused).toMatchObject({
      code: 'listen.refused',
      notice: { key: 'listen.port-in-use', params: { port } },
      details: { port, refusal: 'in-use' },
    });
    expect(listenRefusalOf(refused)).toBe('in-use');
    // An address this computer does not have: not allowed, as the admin sees it.
    const elsewhere = await listen({ port: 0, host: '192.0.2.1', handler: hello }).catch((error: unknown) => error);
    expect(listenRefusalOf(elsewhere)).toBe('not-allowed');
  });

  it('close ends a kept-alive idle connection, so it does not hold the close', async () => {
    const listening = await open();
    const agent = new Agent({ keepAlive: true });
    const answered = await new Promise<{ body: string; socket: Socket }>((resolve, reject) => {
      const sent = request({ port: listening.port, host: '127.0.0.1', agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ body, socket: sent.socket! }));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(answered.body).toBe('hello');
    const closed = new Promise<void>((resolve) => answered.socket.once('close', () => resolve()));
    await listening.close();
    await closed;
    expect(answered.socket.destroyed).toBe(true);
    agent.destroy();
  });

  it('closes a connection over its address’s cap at once; another address still gets in', async () => {
    const listening = await open({ host: '0.0.0.0', maxConnectionsPerAddress: 3, maxConnections: 10 });
    const held = [];
    for (let i = 0; i < 3; i += 1) held.push(await silent(listening.port, '127.0.0.2'));
    const over = await silent(listening.port, '127.0.0.2');
    await over.closed;
    expect(held.every(({ socket }) => !socket.destroyed)).toBe(true);
    const other = await fetch(`http://127.0.0.1:${listening.port}/`);
    expect(await other.text()).toBe('hello');
  });

  it('on HTTPS, closes a connection that never starts TLS after the handshake timeout', async () => {
    const dir = tempFolder('listen-');
    try {
      const certificate = ensureCertificate(dir);
      const listening = await open({
        tls: { cert: certificate.certificatePem, key: certificate.privateKeyPem },
        tlsHandshakeTimeoutMs: 300,
      });
      const quiet = await silent(listening.port, '127.0.0.1');
      await quiet.closed;
      // A client that does speak TLS is answered.
      const body = await new Promise<string>((resolve, reject) => {
        const socket = tlsConnect({ port: listening.port, host: '127.0.0.1', rejectUnauthorized: false }, () =>
          socket.end(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(body).toMatch(/^HTTP\/1\.1 200 [\s\S]*hello$/);
    } finally {
      removeFolder(dir);
    }
  });
});
