import type { SandboxContext } from '../context.ts';

// Timed transitions of the tokenized area (session and auth-code expiry, pre-auth TTL, processor
// confirmations, webhooks after an outcome), keyed so a record has at most one task per purpose. A task is
// due at an instant of the scheduling clock: a timer runs it, and every request sweeps first, so an injected
// clock that jumps is honoured on the next request too (the in-store order book works the same way).

interface Task {
  readonly at: number;
  readonly run: () => void;
  timer: NodeJS.Timeout | null;
}

export class DueTasks {
  readonly #ctx: SandboxContext;
  readonly #tasks = new Map<string, Task>();

  constructor(ctx: SandboxContext) {
    this.#ctx = ctx;
  }

  /** Replaces any task under `key`. */
  schedule(key: string, at: number, run: () => void): void {
    this.cancel(key);
    const task: Task = { at, run, timer: null };
    this.#tasks.set(key, task);
    task.timer = this.#ctx.timers.after(at - this.#ctx.clock.now(), () => {
      task.timer = null;
      if (this.#tasks.get(key) !== task) return;
      // A timer may fire before the scheduling clock reaches `at` (Node rounds to the millisecond; an injected
      // clock may lag): wait for the rest rather than leave the task to the next request's sweep, which may
      // never come (nobody calls the sandbox while waiting for its webhook).
      if (task.at <= this.#ctx.clock.now()) this.#runTask(key, task);
      else this.schedule(key, task.at, task.run);
    });
  }

  cancel(key: string): void {
    const task = this.#tasks.get(key);
    if (!task) return;
    this.#ctx.timers.cancel(task.timer);
    this.#tasks.delete(key);
  }

  /** Runs every task that is due, earliest first (a task may schedule others; those wait for their time). */
  sweep(): void {
    const now = this.#ctx.clock.now();
    const due = [...this.#tasks.entries()].filter(([, task]) => task.at <= now).sort((a, b) => a[1].at - b[1].at);
    for (const [key, task] of due) if (this.#tasks.get(key) === task) this.#runTask(key, task);
  }

  clear(): void {
    for (const task of this.#tasks.values()) this.#ctx.timers.cancel(task.timer);
    this.#tasks.clear();
  }

  #runTask(key: string, task: Task): void {
    this.#ctx.timers.cancel(task.timer);
    this.#tasks.delete(key);
    task.run();
  }
}
