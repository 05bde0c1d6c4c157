// The crash test's register (core/payments/crash.slow.test.ts, crash-child.ts): the shop's register program driving the
// till over the register connection, with fetch only, killed together with the till. Like a real register it keeps its
// own memory on disk (register-memory.json beside the journal): each request is written there, with its
// Idempotency-Key, BEFORE it is sent, and its answer after. A request whose answer the kill swallowed is sent again,
// same key and body, at the next start: it must answer the payment it made (or, if the till never recorded it, make it
// now), never a second one. The parent checks the memory against the journal.

import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaymentView } from '../../shared/payments.ts';
import { registerKeyIdNamed } from '../core/ecr/key-store.ts';
import { journalFileIn, openJournal } from '../core/payments/journal/index.ts';
import type { PaymentHandlers } from '../core/payments/payment-module.ts';
import { sleep } from './helpers.ts';

export const REGISTER_MEMORY_FILE = 'register-memory.json';
export const CRASH_REGISTER_KEY_NAME = 'Crash register';

/** One request the register made (or was about to make when it died). */
export interface RegisterRequestMemory {
  readonly idempotencyKey: string;
  readonly kind: 'create' | 'cancel' | 'refund';
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** What the till answered it made; null while no answer came (killed in between, or refused). */
  referenceId: string | null;
  refundId?: string | null;
  /** The problem code of a refusal: nothing was recorded for it. */
  refused?: string | null;
  /** How many times it was sent (more than once: a kill swallowed an earlier answer). */
  sends?: number;
}

export interface RegisterMemory {
  key: string | null;
  requests: RegisterRequestMemory[];
}

export function readRegisterMemory(dataDir: string): RegisterMemory {
  try {
    return JSON.parse(readFileSync(join(dataDir, REGISTER_MEMORY_FILE), 'utf8')) as RegisterMemory;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { key: null, requests: [] };
    throw error;
  }
}

function writeRegisterMemory(dataDir: string, memory: RegisterMemory): void {
  const path = join(dataDir, REGISTER_MEMORY_FILE);
  writeFileSync(`${path}.tmp`, JSON.stringify(memory));
  renameSync(`${path}.tmp`, path);
}

type Payment = { referenceId: string; status: string; method: string; qrPayload: string | null };

export class CrashRegister {
  readonly #dataDir: string;
  readonly #baseUrl: string;
  readonly #memory: RegisterMemory;
  readonly #say: (line: string) => void;

  constructor(options: { dataDir: string; baseUrl: string; key: string; say: (line: string) => void }) {
    this.#dataDir = options.dataDir;
    this.#baseUrl = options.baseUrl;
    this.#say = options.say;
    this.#memory = readRegisterMemory(options.dataDir);
    this.#memory.key = options.key;
    this.#save();
  }

  /**
   * What the last life left unanswered is sent again with the same key and body; a customer-QR sale still
   * waiting for a scan nobody will make is called off (a register gives up on it), so the till is free again.
   */
  async recover(): Promise<void> {
    for (const request of this.#memory.requests) {
      if (request.referenceId !== null || request.refused) continue;
      const answer = await this.#send(request);
      this.#say(`register replay ${request.kind} ${answer.ok ? 'answered' : `refused ${answer.code}`}`);
    }
    for (const request of this.#memory.requests) {
      if (request.kind !== 'create' || request.referenceId === null) continue;
      const payment = await this.#get(request.referenceId);
      if (payment.method === 'customer-qr' && payment.status === 'waiting') await this.#cancel(request.referenceId);
    }
  }

  /** A sale from the register: started, then paid by the customer (our QR or their code), cancelled, or refunded. */
  async sale(h: PaymentHandlers, random: () => number, consumer: ConsumerActions): Promise<string | null> {
    await this.recover();
    const method = random() < 0.3 ? 'customer-qr' : 'merchant-qr';
    const amountMinor = 100 + Math.floor(random() * 4_900);
    const created = await this.#send(
      this.#remember('create', '/payments', {
        amountMinor,
        currency: 'SGD',
        method,
        orderReference: `CRASH-${randomUUID().slice(0, 8)}`,
      }),
    );
    if (!created.ok) return null;
    const referenceId = created.referenceId;
    if (random() < 0.15) {
      await this.#cancel(referenceId);
      return referenceId;
    }
    if (method === 'customer-qr') {
      const code = await consumer.mintCode();
      await h['payments.chargeCustomerQr']({
        amountMinor,
        currency: 'SGD',
        consumerCode: code,
        registerSale: referenceId,
      });
    } else {
      const payment = await this.#waitWhile(referenceId, (p) => p.status === 'sending' || p.status === 'checking');
      if (payment.qrPayload) await consumer.scan(payment.qrPayload);
      await consumer.confirm(referenceId);
    }
    const settled = await this.#waitWhile(
      referenceId,
      (p) => !['paid', 'failed', 'expired', 'cancelled', 'not-sent'].includes(p.status),
    );
    if (settled.status === 'paid' && random() < 0.4) {
      const partial = random() < 0.5;
      await this.#send(
        this.#remember('refund', `/payments/${referenceId}/refunds`, {
          amountMinor: partial ? Math.max(1, Math.floor(amountMinor / 3)) : amountMinor,
          reason: 'crash test register refund',
        }),
      );
    }
    return referenceId;
  }

  /** Only the start of a sale (the focused crash test kills the till while it is in flight). */
  async start(body: Record<string, unknown>): Promise<string | null> {
    const answer = await this.#send(this.#remember('create', '/payments', body));
    return answer.ok ? answer.referenceId : null;
  }

  /** Only a refund (the focused crash test kills the till while it is in flight). */
  async refund(referenceId: string, amountMinor: number): Promise<void> {
    await this.#send(
      this.#remember('refund', `/payments/${referenceId}/refunds`, {
        amountMinor,
        reason: 'crash test register refund',
      }),
    );
  }

  /** What the register knows: each request and what the till answered it made. */
  memory(): RegisterMemory {
    return this.#memory;
  }

  async #cancel(referenceId: string): Promise<void> {
    await this.#send(this.#remember('cancel', `/payments/${referenceId}/cancel`, {}));
  }

  #remember(kind: RegisterRequestMemory['kind'], path: string, body: Record<string, unknown>): RegisterRequestMemory {
    const request: RegisterRequestMemory = { idempotencyKey: randomUUID(), kind, path, body, referenceId: null };
    this.#memory.requests.push(request);
    // Written before it is sent: a kill from here on leaves it to be sent again.
    this.#save();
    return request;
  }

  async #send(
    request: RegisterRequestMemory,
  ): Promise<{ ok: true; referenceId: string } | { ok: false; code: string }> {
    request.sends = (request.sends ?? 0) + 1;
    this.#save();
    this.#say(`register sending ${request.kind} ${request.idempotencyKey}`);
    const response = await fetch(`${this.#baseUrl}${request.path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${this.#memory.key}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': request.idempotencyKey,
      },
      body: JSON.stringify(request.body),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) {
      // A problem: nothing was recorded for it (the till says so by answering a problem, not a payment).
      request.refused = String(body['code']);
      this.#save();
      return { ok: false, code: request.refused };
    }
    const referenceId = String(body['referenceId']);
    if (request.referenceId !== null && request.referenceId !== referenceId)
      throw new Error(`register: ${request.idempotencyKey} answered ${referenceId}, first ${request.referenceId}`);
    request.referenceId = referenceId;
    if (request.kind === 'refund') request.refundId = String(body['refundId']);
    this.#save();
    return { ok: true, referenceId };
  }

  async #get(referenceId: string): Promise<Payment> {
    const response = await fetch(`${this.#baseUrl}/payments/${referenceId}`, {
      headers: { Authorization: `Bearer ${this.#memory.key}` },
    });
    if (!response.ok) throw new Error(`register: GET ${referenceId} answered ${response.status}`);
    return (await response.json()) as Payment;
  }

  // Not sandbox/sandbox.test-helper.ts's waitFor: past the time it answers the payment as it is instead of failing (the
  // caller checks what it got), since a register does not give up on a payment it started.
  async #waitWhile(referenceId: string, busy: (payment: Payment) => boolean): Promise<Payment> {
    const until = Date.now() + 4_000;
    for (;;) {
      const payment = await this.#get(referenceId);
      if (!busy(payment) || Date.now() > until) return payment;
      await sleep(25);
    }
  }

  #save(): void {
    writeRegisterMemory(this.#dataDir, this.#memory);
  }
}

export interface ConsumerActions {
  mintCode(): Promise<string>;
  scan(qrPayload: string): Promise<void>;
  confirm(referenceId: string): Promise<void>;
}

/**
 * The parent's check, once recovery has settled: every register request that was answered points at the
 * payment the journal recorded for its Idempotency-Key, no payment a register started is unknown to it (a
 * replay never made a second one), and no two keys share a payment.
 */
export function registerProblems(
  memory: RegisterMemory,
  /** The request the crash register's key recorded under an Idempotency-Key. */
  requestOf: (idempotencyKey: string) => { referenceId: string; refundId: string | null } | null,
  registerPayments: readonly string[],
): { problems: string[]; creates: number; answeredAfterReplay: number } {
  const problems: string[] = [];
  const answeredAfterReplay = memory.requests.filter((r) => (r.sends ?? 0) > 1 && r.referenceId !== null).length;
  const created = new Map<string, string>();
  for (const request of memory.requests) {
    const recorded = requestOf(request.idempotencyKey);
    if (request.referenceId === null) {
      if (!request.refused) problems.push(`register ${request.kind} ${request.idempotencyKey} never answered`);
      else if (recorded) problems.push(`register ${request.idempotencyKey} refused (${request.refused}) but recorded`);
      continue;
    }
    if (!recorded) {
      problems.push(
        `register ${request.kind} ${request.idempotencyKey} answered ${request.referenceId}, not in the journal`,
      );
      continue;
    }
    if (recorded.referenceId !== request.referenceId)
      problems.push(
        `register ${request.idempotencyKey}: answered ${request.referenceId}, journal ${recorded.referenceId}`,
      );
    if (request.kind === 'refund' && recorded.refundId !== request.refundId)
      problems.push(
        `register refund ${request.idempotencyKey}: answered ${request.refundId}, journal ${recorded.refundId}`,
      );
    if (request.kind === 'create') {
      const twice = created.get(request.referenceId);
      if (twice) problems.push(`register keys ${twice} and ${request.idempotencyKey} share ${request.referenceId}`);
      created.set(request.referenceId, request.idempotencyKey);
    }
  }
  for (const referenceId of registerPayments)
    if (!created.has(referenceId)) problems.push(`register payment ${referenceId} made by no answered request`);
  return { problems, creates: created.size, answeredAfterReplay };
}

/** registerProblems for the journal in a data folder and the payments read from it. */
export function registerProblemsIn(
  dataDir: string,
  payments: readonly PaymentView[],
): { problems: string[]; creates: number; answeredAfterReplay: number } {
  const keyId = registerKeyIdNamed(dataDir, CRASH_REGISTER_KEY_NAME) ?? '(no key)';
  const journal = openJournal({ filePath: journalFileIn(dataDir), timeZone: 'UTC' });
  try {
    return registerProblems(
      readRegisterMemory(dataDir),
      (idempotencyKey) => journal.register.requestOf(keyId, idempotencyKey),
      payments.filter((p) => p.fromRegister).map((p) => p.referenceId),
    );
  } finally {
    journal.close();
  }
}
