import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createBody, signedCall, waitFor } from './sandbox.test-helper.ts';

// The standalone CLI, spawned exactly as `npm run sandbox` runs it.

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args: string[]): {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', CLI, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

function readyLine(stdout: () => string, stderr: () => string): Promise<string> {
  return waitFor(
    () =>
      stdout()
        .split('\n')
        .find((l) => l.startsWith('sandbox ready')),
    15_000,
    () => `the ready line; stderr: ${stderr()}`,
  );
}

describe('sandbox CLI', () => {
  it('prints one ready line with its base URLs, serves signed calls, and exits cleanly on SIGTERM', async () => {
    const cli = run([
      '--port',
      '0',
      '--seed',
      '5',
      '--access-key-id',
      'AK_CLI',
      '--access-key-secret',
      'SK_CLI',
      '--pos-id',
      'TILL-9',
      '--country',
      'SG',
      '--quiet',
    ]);
    const line = await readyLine(cli.stdout, cli.stderr);
    const match =
      /^sandbox ready instore=(http:\/\/127\.0\.0\.1:\d+\/posi-sandbox) tokenized=(\S+\/demo\/merchant) control=(\S+\/_sandbox) seed=5$/.exec(
        line,
      );
    expect(match, line).not.toBeNull();
    const instore = match![1]!;
    const created = await signedCall(instore, 'POST', '/v1/instore/order/create', createBody({ posId: 'TILL-9' }), {
      credentials: { accessKeyId: 'AK_CLI', accessKeySecret: 'SK_CLI' },
    });
    expect(created.status).toBe(200);
    const codes = await fetch(`${match![3]}/consumer-codes`);
    expect(((await codes.json()) as { codes: string[] }).codes).toHaveLength(1);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    expect(cli.stdout().trim().split('\n')).toHaveLength(1);
  });

  it('serves one merchant with several terminals and another merchant with its own (--pos-id twice, --other-merchant)', async () => {
    const cli = run([
      '--port',
      '0',
      '--quiet',
      '--pos-id',
      'TILL-1',
      '--pos-id',
      'COUNTER-1',
      '--other-merchant',
      'AK_OTHER:SK_OTHER:OTHER-1',
    ]);
    const [, instore] = /instore=(\S+)/.exec(await readyLine(cli.stdout, cli.stderr))!;
    const created = await signedCall(instore!, 'POST', '/v1/instore/order/create', createBody({ posId: 'TILL-1' }));
    expect(created.status).toBe(200);
    const referenceId = String(created.body.referenceId);
    // The other merchant's keys work with its own terminal, and may not act as the shop's.
    const other = { credentials: { accessKeyId: 'AK_OTHER', accessKeySecret: 'SK_OTHER' } };
    expect(
      (await signedCall(instore!, 'POST', '/v1/instore/order/create', createBody({ posId: 'OTHER-1' }), other)).status,
    ).toBe(200);
    const denied = await signedCall(
      instore!,
      'POST',
      '/v1/instore/order/create',
      createBody({ posId: 'COUNTER-1' }),
      other,
    );
    expect([denied.status, denied.body.message]).toEqual([
      401,
      'Terminal Access Denied. Insufficient permissions to act on this terminal.',
    ]);
    // Orders are the merchant's: the other merchant does not see the shop's.
    expect((await signedCall(instore!, 'GET', `/v1/instore/order/${referenceId}`, undefined, other)).status).toBe(404);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('refuses a malformed --other-merchant', async () => {
    const cli = run(['--port', '0', '--other-merchant', 'AK_ONLY']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toMatch(/--other-merchant must be ACCESS_KEY_ID:SECRET:POS_ID/);
  });

  it('applies fault flags from the start: --fail-5xx-next with --fault-path answers the next create 503', async () => {
    const cli = run([
      '--port',
      '0',
      '--quiet',
      '--fail-5xx-next',
      '1',
      '--fault-path',
      '/order/create',
      '--webhook-delay-ms',
      '40',
      '--clock-offset-ms=-1500',
    ]);
    const line = await readyLine(cli.stdout, cli.stderr);
    const [, instore, control] = /instore=(\S+) tokenized=\S+ control=(\S+)/.exec(line)!;
    const faults = (await (await fetch(`${control}/faults`)).json()) as Record<string, unknown>;
    expect(faults).toMatchObject({
      fail5xxNext: 1,
      path: '/order/create',
      webhookDelayMs: 40,
      clockOffsetMs: -1500,
      latencyMs: 0,
      webhookDuplicates: false,
    });
    // The sandbox clock runs 1.5 s behind, well within the 60 s a signature may be off.
    // --fault-path spares other paths: a status read neither fails nor uses up the counter.
    expect((await signedCall(instore!, 'GET', '/v1/instore/order/NOT-THERE')).status).toBe(404);
    const refused = await signedCall(instore!, 'POST', '/v1/instore/order/create', createBody());
    expect([refused.status, refused.body.statusCode]).toEqual([503, 503]);
    expect((await signedCall(instore!, 'POST', '/v1/instore/order/create', createBody())).status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('speaks the live provider with --header-prefix, the shape flags and amount limits', async () => {
    const cli = run([
      '--port',
      '0',
      '--quiet',
      '--header-prefix',
      'X-ShopBack-',
      '--tokenized-error-shape',
      'live',
      '--order-webhook-shape',
      'live',
      '--max-amount',
      '5000',
    ]);
    const [, instore, control] = /instore=(\S+) tokenized=\S+ control=(\S+)/.exec(
      await readyLine(cli.stdout, cli.stderr),
    )!;
    expect(await (await fetch(`${control}/settings`)).json()).toMatchObject({
      tokenizedErrorShape: 'live',
      orderWebhookShape: 'live',
    });
    const body = createBody({ amount: 5000 });
    const key = '8b0f1c8e-5a8e-4d2a-9a39-5d3f3c1b2a10';
    await signedCall(instore!, 'POST', '/v1/instore/order/create', body, {
      idempotencyKey: key,
      headerPrefix: 'X-ShopBack-',
    });
    const replayed = await signedCall(instore!, 'POST', '/v1/instore/order/create', body, {
      idempotencyKey: key,
      headerPrefix: 'X-ShopBack-',
    });
    expect(replayed.status).toBe(200);
    expect(
      (await signedCall(instore!, 'POST', '/v1/instore/order/create', createBody({ amount: 5001 }))).body.message,
    ).toBe('Amount has exceeded maximum amount.');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });

  it('refuses an unknown header prefix or shape', async () => {
    const prefix = run(['--port', '0', '--header-prefix', 'X-Other-']);
    expect(await prefix.exited).toBe(2);
    expect(prefix.stderr()).toMatch(/--header-prefix must be one of X-Service-, X-ShopBack-/);
    const shape = run(['--port', '0', '--order-webhook-shape', 'xml']);
    expect(await shape.exited).toBe(2);
    expect(shape.stderr()).toMatch(/--order-webhook-shape must be one of document, live/);
  });

  it("refuses a bad fault flag with the control API's message and the flag named", async () => {
    const cli = run(['--port', '0', '--latency-ms', '1.5']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toMatch(/--latency-ms: latencyMs must be a non-negative integer\./);
    expect(cli.stderr()).toMatch(/--webhook-delay-ms N/);
  });

  it('exits with a usage message on a bad flag', async () => {
    const cli = run(['--country', 'XX', '--port', '0']);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toMatch(/--country must be one of/);
  });
});
