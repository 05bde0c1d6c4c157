import type { HeadOfficeLink } from './link.ts';
import { heartbeat, problemOf, type TillState } from './pg/index.ts';

// Every 30 s (a head office counts a till online for 90 s after it was last heard): who is signed in, the open
// shift, payments in doubt, the printer, the version. A heartbeat that goes through after failures tells the sender
// to send what waited; one that fails says why. Off the payment path like the sender.

export interface HeartbeatOptions {
  readonly link: HeadOfficeLink;
  /** This till's state now, or null when it must not speak (off, or a copied till not enrolled). */
  readonly state: () => TillState | null;
  readonly everyMs: number;
  readonly answered: () => void;
  readonly failed: (problem: ReturnType<typeof problemOf>, error: unknown) => void;
}

export interface Heartbeat {
  /** Beats now (and on, every everyMs). */
  beat(): Promise<void>;
  close(): Promise<void>;
}

export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  let beating: Promise<void> | null = null;
  const beat = (): Promise<void> => {
    beating ??= (async () => {
      const state = options.state();
      if (!state) return;
      try {
        await heartbeat(await options.link.ready(), state);
        options.answered();
      } catch (error) {
        options.failed(problemOf(error), error);
      }
    })().finally(() => {
      beating = null;
    });
    return beating;
  };
  const timer = setInterval(() => void beat(), options.everyMs);
  timer.unref();
  return {
    beat,
    close: async () => {
      clearInterval(timer);
      await beating;
    },
  };
}
