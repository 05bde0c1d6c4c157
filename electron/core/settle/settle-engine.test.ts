import { describe, expect, it } from 'vitest';
import { sleep } from '../../testing/helpers.ts';
import { SYSTEM_TIMERS } from '../timers.ts';
import { createSettleEngine, type SettleWork } from './settle-engine.ts';

// The engine's own promises: one worker per reference at a time, a worker leaves when it ends, close stops
// them all and a worker asked for after close runs no further pass.

function work(passes: string[], name: string, result: number | 'idle' = 'idle'): () => SettleWork {
  return () => ({
    pass: async () => {
      passes.push(name);
      await sleep(5);
      return result;
    },
    initialDelayMs: 0,
    onError: () => 10,
    onExit: () => passes.push(`${name} ended`),
  });
}

describe('settle engine', () => {
  it('keeps one worker per reference: asking again while it runs returns it; it leaves when it ends', async () => {
    const engine = createSettleEngine(SYSTEM_TIMERS);
    const passes: string[] = [];
    const first = engine.watch('ref-1', work(passes, 'first'));
    const again = engine.watch('ref-1', work(passes, 'second'));
    expect(again).toBe(first);
    expect(engine.running('ref-1')).toBe(first);
    await first.done;
    expect(engine.running('ref-1')).toBeUndefined();
    expect(passes).toEqual(['first', 'first ended']);
    const next = engine.watch('ref-1', work(passes, 'third'));
    expect(next).not.toBe(first);
    await next.done;
  });

  it('close stops every worker and resolves once they have ended; later workers are born stopped', async () => {
    const engine = createSettleEngine(SYSTEM_TIMERS);
    const passes: string[] = [];
    const sleeping = engine.watch('ref-1', work(passes, 'a', 60_000));
    const other = engine.watch('ref-2', work(passes, 'b', 60_000));
    await sleep(20);
    await engine.close();
    expect(engine.closed).toBe(true);
    expect(sleeping.stopped && other.stopped).toBe(true);
    const late = engine.watch('ref-3', () => ({ ...work(passes, 'c', 60_000)(), initialDelayMs: 50 }));
    await late.done;
    expect(engine.running('ref-3')).toBeUndefined();
    expect(passes).toEqual(['a', 'b', 'a ended', 'b ended', 'c ended']);
  });
});
