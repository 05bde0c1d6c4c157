import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, onTestFinished } from 'vitest';
import type { Core, CoreEvent } from '../core-api.ts';
import { createCore, type CreateCoreOptions } from '../core.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import type { PaymentServiceOptions } from '../payments/options.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { freePort, waitFor as waitUntil } from '../../sandbox/sandbox.test-helper.ts';
import { CERTIFICATE_FOLDER } from './certificate.ts';
import { RegisterClient } from './register-client.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// TESTS ONLY: a till with its register connection on (this computer), on the embedded sandbox, and one
// register client per key name, each checking every answer against the till's OpenAPI document. Closed and
// removed when the test finishes.

export interface RegisterTill {
  readonly core: Core;
  readonly dir: string;
  readonly events: CoreEvent[];
  /** One register per key name asked for, in that order. */
  readonly registers: readonly RegisterClient[];
  /** The embedded sandbox's control API. */
  readonly control: string;
  readonly port: number;
  /** Where a register reaches the API, and the certificate it trusts (shop network; null on this computer). */
  readonly baseUrl: string;
  readonly ca: string | null;
}

/** The till's certificate as kept in its data folder. */
export function tillCertificatePem(dir: string): string {
  return readFileSync(join(dir, CERTIFICATE_FOLDER, 'certificate.pem'), 'utf8');
}

export type RegisterPaymentBody = Record<string, unknown> & { referenceId: string; status: string };

export interface RegisterTillOptions {
  readonly keyNames?: readonly string[];
  readonly refundsAllowed?: boolean;
  /** The shop network: HTTPS, each register trusting the till's certificate alone. */
  readonly network?: 'this-computer' | 'shop-network';
  readonly payments?: PaymentServiceOptions;
  /** A data folder prepared by the test (kept for it to remove). */
  readonly dir?: string;
  readonly core?: Partial<CreateCoreOptions>;
}

/** sandbox/sandbox.test-helper.ts's wait, with the longer default a till's listener may need on a loaded machine. */
export function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 8_000): Promise<T> {
  return waitUntil(read, timeoutMs);
}

/** The composed core of a register test's till on its data folder (the embedded sandbox, fast schedules), and every event it emits. */
export async function startTillCore(
  dir: string,
  options: Pick<RegisterTillOptions, 'payments' | 'core'> = {},
): Promise<{ core: Core; events: CoreEvent[] }> {
  const core = await createCore({
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '9.9.9',
    statusIntervalMs: 60_000,
    payments: createPaymentModule({ ...FAST, ...options.payments }),
    registerHeartbeatMs: 200,
    ...options.core,
  });
  const events: CoreEvent[] = [];
  core.onEvent((event) => events.push(event));
  return { core, events };
}

/** Settings → Register connection on, at `port`; with the admin PIN that register refunds and keys need. */
export async function turnRegisterConnectionOn(
  core: Core,
  port: number,
  options: Pick<RegisterTillOptions, 'network' | 'refundsAllowed'>,
): Promise<void> {
  await core.handlers['settings.save']({
    settings: {
      ecr: {
        enabled: true,
        port,
        network: options.network ?? 'this-computer',
        refundsAllowed: options.refundsAllowed ?? true,
      },
    },
    // Register refunds and keys need an admin PIN (settings/admin-pin-first.ts); saving it opens the admin's window.
    secrets: { adminPin: '8642' },
  });
}

export async function openRegisterTill(options: RegisterTillOptions = {}): Promise<RegisterTill> {
  const dir = options.dir ?? tempFolder('ecr-');
  const { core, events } = await startTillCore(dir, options);
  onTestFinished(async () => {
    await core.close();
    removeFolder(dir);
  });
  const port = await freePort();
  await turnRegisterConnectionOn(core, port, options);
  // Listening, or not for want of a usable certificate (Settings says so, and the test asks for a new one).
  const status = await waitFor(async () => {
    const now = await core.handlers['ecr.status']({});
    return now.baseUrl === null && now.certificateProblem === null ? undefined : now;
  });
  // A register on the shop network reaches the till by its loopback address here (the certificate names it).
  const shop = options.network === 'shop-network';
  const baseUrl = shop ? `https://127.0.0.1:${port}/ecr/v1` : status.baseUrl!;
  const ca = status.certificate ? tillCertificatePem(dir) : null;
  const registers: RegisterClient[] = [];
  for (const name of options.keyNames ?? ['Front register']) {
    const { key } = await core.handlers['ecr.createKey']({ name });
    registers.push(new RegisterClient(baseUrl, key, ca));
  }
  const info = await core.handlers['app.info']({});
  return { core, dir, events, registers, control: `${info.sandboxBaseUrl}/_sandbox`, port, baseUrl, ca };
}

/** Acts as the customer on the sandbox (scan, confirm, mint codes). */
export async function consumer(
  till: Pick<RegisterTill, 'control'>,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${till.control}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** The sandbox's own record of an order (its truth), or null when it has none. */
export async function sandboxOrder(till: RegisterTill, referenceId: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${till.control}/orders/${referenceId}`);
  if (response.status === 404) return null;
  return (await response.json()) as Record<string, unknown>;
}

let keySequence = 0;
/** A new Idempotency-Key. */
export const newKey = (): string => `register-${process.pid}-${++keySequence}-${Date.now()}`;

export async function startSale(register: RegisterClient, body: Record<string, unknown>): Promise<RegisterPaymentBody> {
  const answer = await register.post<RegisterPaymentBody>('/payments', body, newKey());
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The register's long poll, asked again until the payment reaches `status`. */
export async function longPollUntil(
  register: RegisterClient,
  referenceId: string,
  status: string,
  rounds = 8,
): Promise<RegisterPaymentBody> {
  const seen: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const answer = await register.get<RegisterPaymentBody>(`/payments/${referenceId}?waitSeconds=5`);
    expect(answer.status).toBe(200);
    seen.push(answer.body.status);
    if (answer.body.status === status) return answer.body;
  }
  throw new Error(`${referenceId} never reached ${status}: ${seen.join(' → ')}`);
}
