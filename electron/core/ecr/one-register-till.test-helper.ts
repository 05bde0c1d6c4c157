import { expect } from 'vitest';
import type { Core, CoreEvent } from '../core-api.ts';
import type { PaymentServiceOptions } from '../payments/payment-service.ts';
import { RegisterClient } from './register-client.test-helper.ts';
import { freePort } from '../../sandbox/sandbox.test-helper.ts';
import { consumer, newKey, startTillCore, turnRegisterConnectionOn, waitFor } from './register-till.test-helper.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// TESTS ONLY: the till of ecr.sandbox.test.ts and ecr-access.sandbox.test.ts: the composed core on the embedded
// sandbox with its register connection on and one register ("Front register"); it can be started again on its
// data folder. Each test file closes what it opened with afterEach(closeOpenedTills).

export interface Till {
  readonly core: Core;
  readonly dir: string;
  readonly events: CoreEvent[];
  readonly register: RegisterClient;
  readonly control: string;
  readonly port: number;
}

export type Payment = Record<string, unknown> & { referenceId: string; status: string };

/** The tills open in this test; a test that closes one itself takes it out. */
export const opened: Till[] = [];

/** Closes every till the test opened and removes its data folder. */
export async function closeOpenedTills(): Promise<void> {
  for (const till of opened.splice(0)) {
    await till.core.close();
    removeFolder(till.dir);
  }
}

export async function openTill(
  ecr: { refundsAllowed?: boolean; network?: 'this-computer' | 'shop-network' } = {},
  options: { payments?: PaymentServiceOptions; again?: Till } = {},
) {
  // `again`: the same till started anew on its data folder (its settings, journal and keys), after a close.
  const dir = options.again?.dir ?? tempFolder('ecr-');
  const { core, events } = await startTillCore(dir, options);
  const port = options.again?.port ?? (await freePort());
  if (!options.again) await turnRegisterConnectionOn(core, port, ecr);
  const status = await waitFor(async () => {
    const now = await core.handlers['ecr.status']({});
    return now.baseUrl === null ? undefined : now;
  });
  const key = options.again?.register.key ?? (await core.handlers['ecr.createKey']({ name: 'Front register' })).key;
  const info = await core.handlers['app.info']({});
  const till: Till = {
    core,
    dir,
    events,
    register: new RegisterClient(status.baseUrl!.replace('0.0.0.0', '127.0.0.1'), key),
    control: `${info.sandboxBaseUrl}/_sandbox`,
    port,
  };
  opened.push(till);
  return till;
}

export { consumer, newKey };

export async function startSale(till: Till, body: Record<string, unknown>): Promise<Payment> {
  const answer = await till.register.post<Payment>('/payments', body, newKey());
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The register's long poll, asked again until the payment reaches `status` (each answer: a change, or the wait). */
export async function longPollUntil(till: Till, referenceId: string, status: string, rounds = 8): Promise<Payment[]> {
  const seen: Payment[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const answer = await till.register.get<Payment>(`/payments/${referenceId}?waitSeconds=5`);
    expect(answer.status).toBe(200);
    seen.push(answer.body);
    if (answer.body.status === status) return seen;
  }
  throw new Error(`${referenceId} never reached ${status}: ${seen.map((p) => p.status).join(' → ')}`);
}
