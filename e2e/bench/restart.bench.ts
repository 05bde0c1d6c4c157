// Restart bench (issue 21): a till comes back after a crash storm with hundreds of orders open and some payments
// in doubt. How long until each payment in doubt is settled, and each open order whose QR had expired is
// closed? Default budget (5 status lookups a second), default poll schedule, sandbox latency 50 ms. A
// benchmark, not a test: it prints figures and asserts nothing about time.
//
//   npm run bench -- restart      (or: node --experimental-strip-types e2e/bench/restart.bench.ts)
//   options: --open=300 (open orders)  --expired=60 (of them, with a QR that expired before the restart)
//            --in-doubt=20 (creates the till died sending, one per kill of a 4-minute storm: half reached the
//            provider)  --latency-ms=50
//
// Life one makes the open orders through the payment service, those that expire before the restart with a
// 20 s QR (at the till and the provider); the creates in doubt are written into the journal as the dead process
// left them; the till stays down until the short QRs have expired; life two starts on that journal, and the
// bench watches the payment events.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaymentView } from '../../shared/payments.ts';
import { money } from '../../shared/money.ts';
import { journalFileIn, openJournal } from '../../electron/core/payments/journal/index.ts';
import { createPaymentModule } from '../../electron/core/payments/payment-service.ts';
import { openTestContext } from '../../electron/core/payments/payment-test-context.test-helper.ts';
import { DEMO_CREDENTIALS, startSandbox } from '../../electron/sandbox/server.ts';
import { createBody, signedCall } from '../../electron/sandbox/sandbox.test-helper.ts';
import { benchArgs, ms, printTable, sleep, spread } from './bench-kit.ts';

const args = benchArgs();
const OPEN = Number(args.get('open') ?? 300);
const EXPIRED = Math.min(OPEN, Number(args.get('expired') ?? 60));
const IN_DOUBT = Number(args.get('in-doubt') ?? 20);
const LATENCY_MS = Number(args.get('latency-ms') ?? 50);
const DEADLINE_MS = 10 * 60_000;
const GOAL_IN_DOUBT_MS = 10_000;
const GOAL_EXPIRED_MS = 30_000;
const SHORT_LIFETIME_MS = 20_000;
/** The crash storm the payments in doubt were left by: one per kill, evenly over this long before the restart. */
const STORM_MS = 4 * 60_000;
const DEFAULT_LIFETIME_MS = 5 * 60_000;

const sandbox = await startSandbox({ seed: 21 });
const dataDir = mkdtempSync(join(tmpdir(), 'wallet-pos-restart-bench-'));
const settledAt = new Map<string, number>();
let watching: { readonly inDoubt: Set<string>; readonly expired: Set<string> } | null = null;
const test = await openTestContext({
  dataDir,
  sandbox,
  onEvent: (event, payload) => {
    if (event !== 'payment.updated' || !watching) return;
    const view = payload as PaymentView;
    if (settledAt.has(view.referenceId)) return;
    const settled = watching.inDoubt.has(view.referenceId)
      ? view.state !== 'sending' && view.state !== 'checking'
      : watching.expired.has(view.referenceId) && view.displayStatus !== 'waiting' && view.state === 'final';
    if (settled) settledAt.set(view.referenceId, Date.now());
  },
});
const options = { timeZone: 'UTC' };

/** Open orders made through the payment service, the QR (till and provider) payable for `lifetimeMs`. */
async function openOrders(count: number, lifetimeMs: number): Promise<string[]> {
  await control('POST', '/settings', { abandonAfterMs: lifetimeMs });
  const module = await createPaymentModule({ ...options, orderLifetimeMs: lifetimeMs })(test.context);
  const referenceIds: string[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - start) }, (_, i) =>
        module.handlers['payments.chargeMerchantQr']({
          amountMinor: 1_005 + 100 * ((start + i) % 90),
          currency: 'SGD',
        }),
      ),
    );
    referenceIds.push(...batch.map((view) => view.referenceId));
  }
  await module.close();
  return referenceIds;
}

async function control(method: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${sandbox.controlBaseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status}`);
}

try {
  // Life one: the orders whose QR expires before the restart (a short lifetime at the till and the provider
  // alike), then the orders still payable after it (the default five minutes), a few at a time.
  const expired = new Set(await openOrders(EXPIRED, SHORT_LIFETIME_MS));
  await openOrders(OPEN - EXPIRED, DEFAULT_LIFETIME_MS);
  // The creates the till died sending, one per kill of a storm over the last STORM_MS, recorded as the dead
  // processes had them; half had reached the provider.
  const stormEnd = Date.now() + SHORT_LIFETIME_MS + 5_000;
  const inDoubt = new Set<string>();
  const writtenAt = new Map<string, number>();
  for (let i = 0; i < IN_DOUBT; i += 1) {
    const at = stormEnd - Math.round((STORM_MS * (i + 1)) / IN_DOUBT);
    const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC', now: () => at });
    const referenceId = journal.newReferenceId('TILL-01');
    writtenAt.set(referenceId, at);
    const amountMinor = 2_005 + 100 * (i % 50);
    journal.recordAttempt({
      referenceId,
      method: 'merchant-qr',
      amount: money(amountMinor, 'SGD'),
      posId: DEMO_CREDENTIALS.posId,
      idempotencyKey: randomUUID(),
    });
    journal.close();
    inDoubt.add(referenceId);
    if (i % 2 === 0)
      await signedCall(
        sandbox.instoreBaseUrl,
        'POST',
        '/v1/instore/order/create',
        createBody({ referenceId, amount: amountMinor }),
        {
          idempotencyKey: randomUUID(),
        },
      );
  }
  // The till stays down until every short QR has expired, at the provider too.
  await sleep(SHORT_LIFETIME_MS + 5_000);
  await control('POST', '/faults', { latencyMs: LATENCY_MS });

  // Life two.
  watching = { inDoubt, expired };
  const restartedAt = Date.now();
  const second = await createPaymentModule(options)(test.context);
  const until = restartedAt + DEADLINE_MS;
  while (settledAt.size < inDoubt.size + expired.size && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await second.close();

  const figures = (group: Set<string>) =>
    spread([...group].map((referenceId) => (settledAt.get(referenceId) ?? Number.POSITIVE_INFINITY) - restartedAt));
  // A create the dead client may still have been sending (its attempts run for 98 s after the write, and the
  // provider may act on the last one 35 s later) can appear at the provider until then: "not found" proves nothing
  // before it, and a row written later than that before the restart waits for it.
  const uncertainMs = 3 * (10_000 + 20_000) + 2 * 4_000 + 35_000;
  const recent = new Set([...inDoubt].filter((referenceId) => writtenAt.get(referenceId)! > restartedAt - uncertainMs));
  const doubt = figures(new Set([...inDoubt].filter((referenceId) => !recent.has(referenceId))));
  const doubtRecent = figures(recent);
  const late = figures(expired);
  const unsettled = inDoubt.size + expired.size - settledAt.size;
  console.log(
    `Restart with ${OPEN} open orders (${EXPIRED} of them expired before it) and ${IN_DOUBT} payments in doubt; ` +
      `budget 5 lookups/s, sandbox latency ${LATENCY_MS} ms; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
  );
  printTable([
    ['group', 'count', 'p50', 'p95', 'p100', 'goal p100'],
    ['in doubt → settled', String(doubt.n), ms(doubt.p50), ms(doubt.p95), ms(doubt.max), ms(GOAL_IN_DOUBT_MS)],
    [
      '  written < 133 s before',
      String(doubtRecent.n),
      ms(doubtRecent.p50),
      ms(doubtRecent.p95),
      ms(doubtRecent.max),
      'write + 133 s',
    ],
    ['expired open → closed', String(expired.size), ms(late.p50), ms(late.p95), ms(late.max), ms(GOAL_EXPIRED_MS)],
  ]);
  if (unsettled > 0) console.log(`${unsettled} not settled within ${DEADLINE_MS / 1000} s`);
} finally {
  await test.close();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
}
