import type { IncomingMessage, ServerResponse } from 'node:http';
import { PosError } from '../../../shared/errors.ts';
import { parseJsonOrUndefined } from '../http/json-text.ts';
import { readRequestBody } from '../http/request-body.ts';
import { problemOf } from './problem.ts';

// Reading a register's JSON body and writing JSON and problem answers.

/** A register's request is small: an amount, a reference, a note. */
const MAX_BODY_BYTES = 16 * 1024;

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** What every problem answer of the register connection is (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

export function sendProblem(response: ServerResponse, error: unknown): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const problem = problemOf(error);
  const text = JSON.stringify(problem);
  const headers: Record<string, string> = {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  };
  if (problem.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="register connection"';
  response.writeHead(problem.status, headers);
  response.end(text);
}

/** The JSON body (an empty body is `{}`), or a PosError saying what is wrong with it. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const type = request.headers['content-type'];
  const body = await readRequestBody(request, MAX_BODY_BYTES);
  if (body === null) throw new PosError('ecr.request-too-large', { message: `A body over ${MAX_BODY_BYTES} bytes.` });
  if (body.trim() === '') return {};
  if (!/^application\/json\s*(;|$)/i.test(type ?? '')) {
    throw new PosError('ecr.unsupported-media-type', {
      message: `Content-Type ${type ?? '(none)'} is not application/json.`,
    });
  }
  const value = parseJsonOrUndefined(body);
  if (value === undefined) throw new PosError('ecr.invalid-request', { message: 'The body is not valid JSON.' });
  return value;
}
