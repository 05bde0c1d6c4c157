import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on 127.0.0.1 for the transports' unit tests: it records every request byte for byte and
// answers from a script, so wire behaviour (exact bytes, headers, retries, timeouts, dropped connections) is
// tested over real sockets. The provider's behaviour itself is tested against the embedded sandbox.

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type ScriptedReply =
  | {
      readonly status: number;
      readonly body?: unknown;
      readonly headers?: Record<string, string>;
      readonly delayMs?: number;
    }
  /** Read the request, then close the socket without answering. */
  | { readonly drop: true }
  /** Send the headers, then stall the body forever. */
  | { readonly stallBody: true; readonly status: number };

export interface ScriptedServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Replies used in order; the last one repeats. */
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  let replies: ScriptedReply[] = [{ status: 200, body: {} }];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
      if ('drop' in reply) {
        req.socket.destroy();
        return;
      }
      if ('stallBody' in reply) {
        res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Content-Length': '100' });
        res.write('{');
        return;
      }
      const send = () => {
        const text =
          reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    script(...next) {
      replies = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens: bind, note the port, close. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
