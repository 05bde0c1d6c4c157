import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APP_TOKEN_HEADER, IDEMPOTENCY_HEADER } from '../headers.ts';
import type { RunningSandbox } from '../server.ts';
import { controlCall, type CallResult } from '../sandbox.test-helper.ts';
import { DEMO_LINK_CALLBACK_URL, DEMO_TOKENIZED_CREDENTIALS } from './merchants.ts';
import { API_PREFIX, LOGIN_PATH } from './wire.ts';

// Test support for the tokenized area (its own tests and the client's): plain JSON calls with a bearer
// token, a demo login, a customer linked through the API and the consumer control route, and a tiny
// webhook receiver that records every delivery and answers with a chosen status.

export interface TokenizedCallOptions {
  readonly token?: string | null;
  readonly idempotencyKey?: string;
  readonly headers?: Record<string, string>;
}

export async function tokenizedCall(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
  options: TokenizedCallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const res = await fetch(sandbox.tokenizedBaseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

export async function demoLogin(
  sandbox: RunningSandbox,
  credentials: { merchantId: string; secret: string } = DEMO_TOKENIZED_CREDENTIALS,
): Promise<string> {
  const result = await tokenizedCall(sandbox, 'POST', LOGIN_PATH, {
    username: credentials.merchantId,
    password: credentials.secret,
  });
  if (result.status !== 200) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
  return result.body.token as string;
}

export interface LinkedCustomer {
  readonly merchantUserId: string;
  readonly paymentToken: string;
  readonly linkToken: string;
}

/** Creates a link session, approves it as the consumer (control API) and exchanges the code. */
export async function linkCustomer(
  sandbox: RunningSandbox,
  token: string,
  merchantUserId = `cust-${randomUUID().slice(0, 8)}`,
): Promise<LinkedCustomer> {
  const session = await tokenizedCall(
    sandbox,
    'POST',
    `${API_PREFIX}/link-sessions/link`,
    {
      callbackUrl: DEMO_LINK_CALLBACK_URL,
      state: randomUUID(),
      merchantUserId,
      userHint: { email: 'j***@example.com' },
    },
    { token },
  );
  if (session.status !== 200) throw new Error(`link failed: ${JSON.stringify(session.body)}`);
  const linkToken = session.body.linkToken as string;
  const approved = await controlCall(sandbox, 'POST', `/tokenized/link-sessions/${linkToken}/approve`);
  const exchange = await tokenizedCall(
    sandbox,
    'POST',
    `${API_PREFIX}/link-sessions/token`,
    { code: approved.body.code },
    { token },
  );
  if (exchange.status !== 200) throw new Error(`exchange failed: ${JSON.stringify(exchange.body)}`);
  return { merchantUserId, paymentToken: exchange.body.paymentToken as string, linkToken };
}

export interface RecordedWebhook {
  readonly body: Record<string, unknown>;
  readonly at: number;
}

export interface WebhookSink {
  readonly url: string;
  readonly received: RecordedWebhook[];
  /** Status to answer with (default 200); a function sees the delivery's index. */
  answer: number | ((index: number) => number);
  close(): Promise<void>;
}

export async function startWebhookSink(path = '/hooks/tokenized'): Promise<WebhookSink> {
  const received: RecordedWebhook[] = [];
  const sink: WebhookSink = {
    url: '',
    received,
    answer: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = received.length;
      received.push({
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        at: Date.now(),
      });
      const status = typeof sink.answer === 'function' ? sink.answer(index) : sink.answer;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (sink as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return sink;
}

/**
 * Drives the consent page the way a browser would, with plain fetch: GET with the app-token header, read
 * the Approve form's hidden fields, POST them, and return the 302 Location (callbackUrl?state=…&code=…).
 */
export async function approveOnConsentPage(
  redirectUrl: string,
  appToken: string,
  headerName = APP_TOKEN_HEADER,
): Promise<URL> {
  const page = await fetch(redirectUrl, { headers: { [headerName]: appToken } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const approveForm = [...html.matchAll(/<form method="post">(.*?)<\/form>/g)]
    .map((m) => m[1]!)
    .find((form) => form.includes('value="approve"'));
  if (!approveForm) throw new Error('consent page has no Approve form');
  const fields = new URLSearchParams(
    [...approveForm.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      unescapeHtml(m[2]!),
    ]),
  );
  const posted = await fetch(redirectUrl, { method: 'POST', body: fields, redirect: 'manual' });
  const location = posted.headers.get('location');
  if (posted.status !== 302 || !location) throw new Error(`consent approval answered ${posted.status}`);
  return new URL(location);
}

function unescapeHtml(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );
}
