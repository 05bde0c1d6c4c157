import type { Reply } from './http.ts';

// Idempotent replay (wire-details §2.7, the window and the matching rule are ours): the first answer to an
// authenticated write is stored under (credentials, key, method, path) for 24 hours; the same key on the same
// method+path gets that stored answer back byte for byte, even if the body changed (as the document warns).
// The same key on a different method or path is a different request and is processed on its own.

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Marks a replayed answer, so a log or a test can tell a replay from a fresh one. */
export const REPLAY_HEADER = 'X-Sandbox-Idempotent-Replay';

interface StoredReply {
  readonly reply: Reply;
  readonly storedAt: number;
}

export class IdempotencyStore {
  readonly #replies = new Map<string, StoredReply>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  lookup(scope: string, key: string, method: string, path: string): Reply | null {
    this.#prune();
    const stored = this.#replies.get(slot(scope, key, method, path));
    if (!stored) return null;
    return { ...stored.reply, headers: { ...stored.reply.headers, [REPLAY_HEADER]: 'true' } };
  }

  store(scope: string, key: string, method: string, path: string, reply: Reply): void {
    const id = slot(scope, key, method, path);
    if (!this.#replies.has(id)) this.#replies.set(id, { reply, storedAt: this.#now() });
  }

  get size(): number {
    return this.#replies.size;
  }

  clear(): void {
    this.#replies.clear();
  }

  #prune(): void {
    const cutoff = this.#now() - IDEMPOTENCY_WINDOW_MS;
    // A Map iterates in insertion order, which is storage order: stop at the first live entry.
    for (const [id, stored] of this.#replies) {
      if (stored.storedAt > cutoff) break;
      this.#replies.delete(id);
    }
  }
}

function slot(scope: string, key: string, method: string, path: string): string {
  return JSON.stringify([scope, key, method.toUpperCase(), path]);
}
