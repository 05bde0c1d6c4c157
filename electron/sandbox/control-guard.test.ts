import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './server.ts';
import { controlCall, startTestSandbox } from './sandbox.test-helper.ts';

// The control API over real sockets, with the headers a browser page would send: a hostile name re-pointed at
// 127.0.0.1 (DNS rebinding) and a cross-site POST are refused before anything changes; Node's own calls from
// 127.0.0.1 (the tests', the CLI's, the till's) keep working.

const opened: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** node:http, since fetch will not send a Host of our choosing. */
function post(sandbox: RunningSandbox, path: string, headers: Record<string, string>, body: unknown) {
  const text = JSON.stringify(body);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const call = request(
      `${sandbox.origin}/_sandbox${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(answer) }));
      },
    );
    call.on('error', reject);
    call.end(text);
  });
}

describe('the control API refuses web pages', () => {
  it('refuses a foreign Host or any Origin, and serves 127.0.0.1 and localhost at its own port', async () => {
    const sandbox = await startTestSandbox();
    opened.push(sandbox);
    const port = new URL(sandbox.origin).port;
    const before = (await controlCall(sandbox, 'GET', '/settings')).body.confirmDelayMs;

    const refusals = await Promise.all([
      post(sandbox, '/settings', { host: `evil.example:${port}` }, { confirmDelayMs: 7 }),
      post(sandbox, '/settings', { host: `127.0.0.1:${Number(port) + 1}` }, { confirmDelayMs: 7 }),
      post(sandbox, '/settings', { host: `127.0.0.1:${port}`, origin: 'https://evil.example' }, { confirmDelayMs: 7 }),
      post(sandbox, '/settings', { host: `127.0.0.1:${port}`, origin: sandbox.origin }, { confirmDelayMs: 7 }),
      post(sandbox, '/settings', { host: `127.0.0.1:${port}`, origin: 'null' }, { confirmDelayMs: 7 }),
    ]);
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [403, "The sandbox control API only answers requests addressed to this computer at the sandbox's port."],
      [403, "The sandbox control API only answers requests addressed to this computer at the sandbox's port."],
      [403, 'The sandbox control API does not answer web pages (the request carried Origin).'],
      [403, 'The sandbox control API does not answer web pages (the request carried Origin).'],
      [403, 'The sandbox control API does not answer web pages (the request carried Origin).'],
    ]);
    expect((await controlCall(sandbox, 'GET', '/settings')).body.confirmDelayMs).toBe(before);

    for (const [host, delay] of [
      [`127.0.0.1:${port}`, 11],
      [`LOCALHOST:${port}`, 12],
    ] as const) {
      expect(await post(sandbox, '/settings', { host }, { confirmDelayMs: delay })).toMatchObject({
        status: 200,
        body: { confirmDelayMs: delay },
      });
    }
  });

  it('takes the name of its public origin, when one is set for a proxy in front', async () => {
    const sandbox = await startTestSandbox({ publicOrigin: 'http://sandbox.shop.test:8443' });
    opened.push(sandbox);
    expect(await post(sandbox, '/settings', { host: 'sandbox.shop.test:8443' }, { confirmDelayMs: 9 })).toMatchObject({
      status: 200,
      body: { confirmDelayMs: 9 },
    });
  });
});
