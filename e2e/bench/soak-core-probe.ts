import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

// The soak bench's probe inside the core's own process: preloaded into the preview host with
// NODE_OPTIONS=--import (soak.bench.ts), so the till runs exactly as `npm run preview` runs it and nothing in
// electron/ knows about benches. On each SIGUSR2 that comes with a new request (the number in the file named by
// WALLET_POS_SOAK_PROBE + '.request'; a signal without one changes nothing) it collects garbage, then writes one reading to the file named by
// WALLET_POS_SOAK_PROBE: RSS and heap after that collection, and the event loop's delay since the previous reading
// (perf_hooks.monitorEventLoopDelay, a new one after each reading). WALLET_POS_SOAK_HEAP_DIR, when set, also
// gets a heap snapshot per reading (to find what grows).

export interface CoreReading {
  readonly pid: number;
  /** The request this reading answers (0: the one written at start). */
  readonly request: number;
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly externalBytes: number;
  readonly loopP99Ms: number;
  readonly loopMaxMs: number;
  /** Samples of the event loop's delay since the previous reading. */
  readonly loopSamples: number;
  readonly heapSnapshot: string | null;
}

const file = process.env.WALLET_POS_SOAK_PROBE;
if (file && isMainThread) {
  let delay = monitorEventLoopDelay({ resolution: 10 });
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  let answered = -1;
  const write = (): void => {
    const request = existsSync(`${file}.request`) ? Number(readFileSync(`${file}.request`, 'utf8')) : 0;
    if (request <= answered) return;
    answered = request;
    collect();
    const memory = process.memoryUsage();
    const heapDir = process.env.WALLET_POS_SOAK_HEAP_DIR;
    const reading: CoreReading = {
      pid: process.pid,
      request,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      externalBytes: memory.external,
      loopP99Ms: delay.percentile(99) / 1e6,
      loopMaxMs: delay.max / 1e6,
      loopSamples: delay.count,
      heapSnapshot: heapDir ? writeHeapSnapshot(`${heapDir}/core-${request}.heapsnapshot`) : null,
    };
    // A new histogram rather than reset(): after reset() the core's one recorded nothing for seconds.
    delay.disable();
    delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    writeFileSync(`${file}.tmp`, JSON.stringify(reading));
    renameSync(`${file}.tmp`, file);
  };
  process.on('SIGUSR2', write);
  // Once the loop turns: a histogram enabled during the preload records nothing.
  setImmediate(write);
}
