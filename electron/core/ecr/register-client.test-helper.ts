import { request as httpsRequest } from 'node:https';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

// TESTS ONLY (the register connection's integration tests, the crash test's child and the e2e): a register
// program written with fetch and nothing else, and a check of every answer it gets against the till's own
// OpenAPI document (fetched from the till once): its status must be one the document lists for that operation
// (a 405 one the path lists for its other methods), its body must fit the schema listed there (ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 uses it), and each header of the API's own it carries must be listed for it.

export interface RegisterAnswer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

type Json = Record<string, unknown>;

/** The headers the API adds of its own: an answer carrying one must have it in the document. */
const API_HEADERS = ['Idempotent-Replayed', 'Idempotent-Recorded-At', 'Allow', 'WWW-Authenticate', 'Retry-After'];

export class RegisterClient {
  readonly baseUrl: string;
  key: string;
  /** On the shop network: the till's certificate, the only one trusted (as a register that pinned it). */
  readonly ca: string | null;
  #document: Json | null = null;
  readonly #validators = new Map<string, ValidateFunction>();
  /** Every answer checked against the document so far. */
  checked = 0;

  constructor(baseUrl: string, key: string, ca: string | null = null) {
    this.baseUrl = baseUrl;
    this.key = key;
    this.ca = ca;
  }

  /** The OpenAPI document, fetched once; every later answer is checked against it. */
  async document(): Promise<Json> {
    if (this.#document) return this.#document;
    const response = await this.#fetch(`${this.baseUrl}/openapi.json`, { headers: this.#headers() });
    if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`);
    this.#document = (await response.json()) as Json;
    return this.#document;
  }

  get<T = Json>(path: string): Promise<RegisterAnswer<T>> {
    return this.request<T>('GET', path);
  }

  post<T = Json>(path: string, body: unknown, idempotencyKey: string | null): Promise<RegisterAnswer<T>> {
    return this.request<T>('POST', path, { body, idempotencyKey });
  }

  async request<T>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      idempotencyKey?: string | null;
      key?: string | null;
      headers?: Record<string, string>;
    } = {},
  ): Promise<RegisterAnswer<T>> {
    const headers = { ...this.#headers(options.key), ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const response = await this.#fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    const body = (text === '' ? null : JSON.parse(text)) as T;
    await this.check(method, path, response.status, response.headers.get('content-type') ?? '', body, response.headers);
    return { status: response.status, headers: response.headers, body };
  }

  /** Throws when the answer is not one the document describes for this operation. */
  async check(
    method: string,
    path: string,
    status: number,
    contentType: string,
    body: unknown,
    headers: Headers = new Headers(),
  ): Promise<void> {
    const document = await this.document();
    const operation = operationOf(document, method, path.split('?')[0]!, status);
    const responses = operation['responses'] as Record<string, Json>;
    const described = responses[String(status)];
    if (!described) throw new Error(`${method} ${path}: status ${status} is not in the OpenAPI document`);
    const listed = Object.keys((described['headers'] as Json | undefined) ?? {}).map((name) => name.toLowerCase());
    for (const name of API_HEADERS) {
      if (headers.has(name) && !listed.includes(name.toLowerCase()))
        throw new Error(`${method} ${path} ${status}: header ${name} is not in the OpenAPI document`);
    }
    const mediaType = contentType.split(';')[0]!.trim();
    const content = described['content'] as Record<string, Json> | undefined;
    const schema = content?.[mediaType]?.['schema'] as Json | undefined;
    if (!schema) throw new Error(`${method} ${path} ${status}: ${mediaType} is not in the OpenAPI document`);
    const validate = this.#validator(document, schema);
    if (!validate(body)) {
      throw new Error(`${method} ${path} ${status}: the body does not fit: ${JSON.stringify(validate.errors)}`);
    }
    this.checked += 1;
  }

  /** Checks one event's data (a Payment) from the event stream. */
  async checkEvent(data: unknown): Promise<void> {
    const validate = this.#validator(await this.document(), { $ref: '#/components/schemas/Payment' });
    if (!validate(data)) throw new Error(`event data does not fit Payment: ${JSON.stringify(validate.errors)}`);
    this.checked += 1;
  }

  #validator(document: Json, schema: Json): ValidateFunction {
    const id = JSON.stringify(schema);
    let validate = this.#validators.get(id);
    if (!validate) {
      // The components under the document's own base, so each $ref "#/components/schemas/X" resolves.
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      validate = ajv.compile({ ...schema, components: document['components'] });
      this.#validators.set(id, validate);
    }
    return validate;
  }

  /** fetch, or over HTTPS trusting the till's certificate alone (fetch cannot be given a CA). */
  async #fetch(url: string, init: { method?: string; headers: Record<string, string>; body?: string }) {
    if (this.ca === null) return fetch(url, init);
    const ca = this.ca;
    return new Promise<Response>((resolve, reject) => {
      const request = httpsRequest(url, { method: init.method ?? 'GET', headers: init.headers, ca }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          resolve(new Response(Buffer.concat(chunks), { status: response.statusCode ?? 0, headers }));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(init.body);
    });
  }

  #headers(key?: string | null): Record<string, string> {
    const presented = key === undefined ? this.key : key;
    return presented === null ? {} : { Authorization: `Bearer ${presented}` };
  }
}

/** The operation answering `method` at `path`; for a 405, one of the path's operations that lists it. */
function operationOf(document: Json, method: string, path: string, status: number): Json {
  const servers = document['servers'] as Array<{ url: string }>;
  const base = new URL(servers[0]!.url, 'http://till.invalid').pathname;
  const local = path.startsWith(base) ? path.slice(base.length) : path;
  for (const [template, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (!pattern.test(local)) continue;
    const operation = item[method.toLowerCase()] as Json | undefined;
    if (operation) return operation;
    if (status !== 405) continue;
    const other = Object.values(item).find((candidate) => {
      const responses = (candidate as Json)['responses'] as Json | undefined;
      return responses?.['405'] !== undefined;
    });
    if (other) return other as Json;
  }
  throw new Error(`${method} ${path} is not in the OpenAPI document`);
}

/**
 * Reads Server-Sent Events with fetch: each `event:`/`data:` block as it arrives. Stops when the stream ends or
 * `stop` aborts it.
 */
export async function* serverSentEvents(
  response: Response,
): AsyncGenerator<{ event: string; data: string }, void, void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = '';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (event !== '') yield { event, data: data.join('\n') };
    }
  }
}
