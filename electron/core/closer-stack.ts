// One stack of closers for the whole core: each feature started pushes its close, and on a failed start or on
// core.close() they run in reverse order of the starts, once each. A closer that fails is reported and the
// next still runs: a register that would not close must not leave the journals open or the sandbox listening.

export type Closer = () => void | Promise<void>;

export interface CloserStack {
  push(name: string, close: Closer): void;
  /**
   * Runs every closer pushed, newest first, and empties the stack. Each failure goes to `failed`; the first one
   * is thrown once all have run, so the caller still learns that the core did not close cleanly.
   */
  unwind(): Promise<void>;
}

export function createCloserStack(failed: (name: string, error: unknown) => void): CloserStack {
  const closers: Array<{ readonly name: string; readonly close: Closer }> = [];
  return {
    push(name, close) {
      closers.push({ name, close });
    },
    async unwind() {
      const failures: unknown[] = [];
      for (let next = closers.pop(); next; next = closers.pop()) {
        try {
          await next.close();
        } catch (error) {
          failed(next.name, error);
          failures.push(error);
        }
      }
      if (failures.length > 0) throw failures[0];
    },
  };
}
