import { describe, expect, it } from 'vitest';
import { CHANNEL_NAME_LIST } from '../../shared/channel-names.ts';
import type { HandlerPart } from './compose-handlers.ts';
import { createCloserStack } from './closer-stack.ts';
import type { CoreModule } from './core-module.ts';
import { startModules } from './module-chain.ts';

// The core's start and close without the core: features that record what happens to them.

interface Journal {
  readonly closed: string[];
  readonly failures: string[];
}

function journal(): Journal {
  return { closed: [], failures: [] };
}

function recording(log: Journal, name: string, close?: () => void): CoreModule<object, Record<string, boolean>> {
  return {
    name,
    start: async () => ({
      close:
        close ??
        (async () => {
          log.closed.push(name);
        }),
      gives: { [name]: true },
    }),
  };
}

function failing(name: string): CoreModule<object> {
  return {
    name,
    start: async () => {
      throw new Error(`${name} did not start`);
    },
  };
}

/** Every channel, so that the composed map is whole. */
function everyChannel(): HandlerPart {
  return Object.fromEntries(CHANNEL_NAME_LIST.map((channel) => [channel, async () => channel])) as HandlerPart;
}

function stackOf(log: Journal) {
  return createCloserStack((name, error) => log.failures.push(`${name}: ${(error as Error).message}`));
}

describe('the closer stack', () => {
  it('a start that fails closes the features started before it, newest first, once each', async () => {
    const log = journal();
    const closers = stackOf(log);
    const failedStarts: string[] = [];
    const started = startModules({}, { closers, startFailed: (name) => failedStarts.push(name) })
      .add(recording(log, 'register'))
      .add(recording(log, 'customers'))
      .add(recording(log, 'payments'))
      .add(failing('printing'))
      .add(recording(log, 'never started'))
      .started();

    await expect(started).rejects.toThrow('printing did not start');
    expect(failedStarts).toEqual(['printing']);
    expect(log.closed).toEqual(['payments', 'customers', 'register']);
    await closers.unwind();
    expect(log.closed).toEqual(['payments', 'customers', 'register']);
  });

  it('a closer that throws does not stop the others, and its failure is reported and thrown after them', async () => {
    const log = journal();
    const closers = stackOf(log);
    const composed = await startModules({}, { closers, startFailed: () => undefined })
      .add({ name: 'all', start: () => ({ handlers: everyChannel(), close: () => void log.closed.push('all') }) })
      .add(
        recording(log, 'register', () => {
          throw new Error('the register would not close');
        }),
      )
      .add(recording(log, 'status'))
      .started();
    expect(composed.wiring).toEqual({ register: true, status: true });

    await expect(closers.unwind()).rejects.toThrow('the register would not close');
    expect(log.closed).toEqual(['status', 'all']);
    expect(log.failures).toEqual(['register: the register would not close']);
  });

  it('a channel two features serve is refused at start, and what started is closed', async () => {
    const log = journal();
    const closers = stackOf(log);
    const failedStarts: string[] = [];
    const started = startModules({}, { closers, startFailed: (name) => failedStarts.push(name) })
      .add({ name: 'all', start: () => ({ handlers: everyChannel(), close: () => void log.closed.push('all') }) })
      .add({ name: 'receipts', start: () => ({ handlers: { 'receipts.print': everyChannel()['receipts.print'] } }) })
      .started();

    await expect(started).rejects.toThrow('channel receipts.print is served twice: by all and by receipts');
    expect(failedStarts).toEqual(['handlers']);
    expect(log.closed).toEqual(['all']);
  });

  it('runs what each feature keeps for last only when asked, in the order they started', async () => {
    const ran: string[] = [];
    const composed = await startModules({}, { closers: stackOf(journal()), startFailed: () => undefined })
      .add({ name: 'all', start: () => ({ handlers: everyChannel(), run: () => ran.push('status') }) })
      .add({ name: 'updates', start: () => ({ run: () => ran.push('updates') }) })
      .started();
    expect(ran).toEqual([]);
    composed.run();
    expect(ran).toEqual(['status', 'updates']);
  });
});
