import type { Handlers } from '../../shared/contract.ts';
import type { HealthCheckId } from '../../shared/health.ts';
import type { CloserStack } from './closer-stack.ts';
import { composeHandlers, type HandlerPart } from './compose-handlers.ts';
import type { CoreModule } from './core-module.ts';
import type { HealthProbe } from './health/health-runner.ts';

// Starts the core's features in the order they are added, each with what the ones before it gave (the type
// checker refuses a feature added before what it needs), and joins them: their handlers into one map, their
// health checks, and what runs once all started. Each closer goes on the one stack; when a start fails the
// stack unwinds (the features started so far close, newest first) and the failure is thrown.

export interface ComposedModules<W> {
  /** Everything the features gave, for core.ts's own answer. */
  readonly wiring: W;
  readonly handlers: Handlers;
  readonly health: ReadonlyArray<readonly [HealthCheckId, HealthProbe]>;
  /** Starts what each feature keeps for last (status probes, the update check), in the features' order. */
  run(): void;
}

export interface ModuleChain<W> {
  add<G extends object>(module: CoreModule<W, G>): ModuleChain<W & G>;
  started(): Promise<ComposedModules<W>>;
}

export interface ModuleChainOptions {
  readonly closers: CloserStack;
  /** The start that failed (a feature's, or the handlers' composition), before the stack unwinds. */
  readonly startFailed: (name: string, error: unknown) => void;
}

interface Joined {
  readonly parts: Record<string, HandlerPart>;
  readonly health: Array<readonly [HealthCheckId, HealthProbe]>;
  readonly runs: Array<() => void>;
  readonly names: Set<string>;
  failedAt: string;
}

export function startModules<W extends object>(base: W, options: ModuleChainOptions): ModuleChain<W> {
  return chain(
    Promise.resolve(base),
    { parts: {}, health: [], runs: [], names: new Set(), failedAt: 'handlers' },
    options,
  );
}

function chain<W extends object>(wiring: Promise<W>, joined: Joined, options: ModuleChainOptions): ModuleChain<W> {
  return {
    add<G extends object>(module: CoreModule<W, G>): ModuleChain<W & G> {
      const next = wiring.then(async (current) => {
        joined.failedAt = module.name;
        if (joined.names.has(module.name)) throw new Error(`two features are named ${module.name}`);
        joined.names.add(module.name);
        const started = await module.start(current);
        if (started.close) options.closers.push(module.name, started.close);
        if (started.handlers) joined.parts[module.name] = started.handlers;
        for (const [id, probe] of Object.entries(started.health ?? {}))
          joined.health.push([id as HealthCheckId, probe]);
        if (started.run) joined.runs.push(started.run);
        joined.failedAt = 'handlers';
        return { ...current, ...started.gives } as W & G;
      });
      return chain(next, joined, options);
    },
    async started() {
      try {
        const final = await wiring;
        return {
          wiring: final,
          handlers: composeHandlers(joined.parts),
          health: joined.health,
          run: () => joined.runs.forEach((run) => run()),
        };
      } catch (error) {
        options.startFailed(joined.failedAt, error);
        // Each closer's own failure is reported by the stack; the start's failure is the one to throw.
        await options.closers.unwind().catch(() => undefined);
        throw error;
      }
    },
  };
}
