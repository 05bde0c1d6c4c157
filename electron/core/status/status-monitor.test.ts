import { describe, expect, it } from 'vitest';
import type { ConnectionTestResult } from '../../../shared/settings.ts';
import type { StatusSnapshot } from '../../../shared/status.ts';
import { notice } from '../../../shared/notices.ts';
import { createStatusMonitor } from './status-monitor.ts';
import { sleep } from '../../testing/helpers.ts';

function probeResult(reachable: boolean, clockSkewMs: number | null): ConnectionTestResult {
  return {
    reachable,
    signatureAccepted: reachable,
    clockSkewMs,
    latencyMs: reachable ? 5 : null,
    notice: notice('connection.accepted', { where: 'x' }),
  };
}

describe('status monitor', () => {
  it('starts unknown, then reports the probe and counts, telling listeners only about real changes', async () => {
    let next: ConnectionTestResult | null = probeResult(true, 120);
    let counts = { pendingCount: 0, unresolvedCount: 0 };
    const seen: StatusSnapshot[] = [];
    const monitor = createStatusMonitor({
      environment: () => ({ environment: 'embedded-sandbox', demo: true }),
      probe: async () => next,
      counts: () => counts,
      onChange: (snapshot) => seen.push(snapshot),
      intervalMs: 60_000,
      now: () => Date.parse('2026-01-02T03:04:05.000Z'),
    });
    expect(monitor.snapshot()).toMatchObject({ providerReachable: null, clockSkewMs: null, checkedAt: null });

    await monitor.refresh();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ providerReachable: true, clockSkewMs: 120, checkedAt: '2026-01-02T03:04:05.000Z' });

    next = probeResult(true, 480); // jitter under a second: not worth waking the renderer
    await monitor.refresh();
    expect(seen).toHaveLength(1);

    next = probeResult(true, 4_000);
    await monitor.refresh();
    expect(seen).toHaveLength(2);

    counts = { pendingCount: 1, unresolvedCount: 2 };
    monitor.recount();
    expect(seen).toHaveLength(3);
    expect(seen[2]).toMatchObject({ pendingCount: 1, unresolvedCount: 2 });

    next = probeResult(false, null);
    await monitor.refresh();
    expect(seen[3]).toMatchObject({ providerReachable: false, clockSkewMs: null });

    next = null; // credentials removed: the provider's state is unknown again
    await monitor.refresh();
    expect(seen[4]).toMatchObject({ providerReachable: null });
    monitor.close();
  });

  it('shares one probe between concurrent refreshes and treats a throwing probe as unknown', async () => {
    let calls = 0;
    const monitor = createStatusMonitor({
      environment: () => ({ environment: 'provider-sandbox', demo: false }),
      probe: async () => {
        calls += 1;
        await sleep(10);
        throw new Error('boom');
      },
      counts: () => ({ pendingCount: 0, unresolvedCount: 0 }),
      onChange: () => {},
      intervalMs: 60_000,
    });
    const [a, b] = await Promise.all([monitor.refresh(), monitor.refresh()]);
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(a.providerReachable).toBeNull();
    monitor.close();
  });

  it('drops a probe result that describes an environment the settings have since left', async () => {
    let environment: StatusSnapshot['environment'] = 'embedded-sandbox';
    const monitor = createStatusMonitor({
      environment: () => ({ environment, demo: environment === 'embedded-sandbox' }),
      probe: async () => {
        environment = 'sg-production';
        return probeResult(true, 0);
      },
      counts: () => ({ pendingCount: 0, unresolvedCount: 0 }),
      onChange: () => {},
      intervalMs: 60_000,
    });
    const snapshot = await monitor.refresh();
    expect(snapshot.environment).toBe('sg-production');
    expect(snapshot.providerReachable).toBeNull();
    monitor.close();
  });

  it('while the provider is unreachable, probes again soon instead of waiting for the next interval', async () => {
    const answers = [probeResult(false, null), probeResult(false, null), probeResult(true, 10)];
    let probes = 0;
    const monitor = createStatusMonitor({
      environment: () => ({ environment: 'embedded-sandbox', demo: true }),
      probe: async () => answers[Math.min(probes++, answers.length - 1)]!,
      counts: () => ({ pendingCount: 0, unresolvedCount: 0 }),
      onChange: () => {},
      intervalMs: 60_000,
      unreachableRetryMs: 20,
    });
    monitor.start();
    const until = Date.now() + 2_000;
    while (monitor.snapshot().providerReachable !== true && Date.now() < until) await sleep(10);
    expect(monitor.snapshot().providerReachable).toBe(true);
    expect(probes).toBe(3);
    await sleep(100);
    expect(probes).toBe(3); // reachable again: back to the normal interval
    monitor.close();
  });

  it('a probe still in flight when the monitor closes does not read the (closed) services afterwards', async () => {
    let finishProbe: (result: ConnectionTestResult) => void = () => {};
    let servicesClosed = false;
    const monitor = createStatusMonitor({
      environment: () => ({ environment: 'embedded-sandbox', demo: true }),
      probe: () => new Promise((resolve) => (finishProbe = resolve)),
      counts: () => {
        if (servicesClosed) throw new Error('The journal is closed');
        return { pendingCount: 0, unresolvedCount: 0 };
      },
      onChange: () => {},
      intervalMs: 60_000,
    });
    const refreshing = monitor.refresh();
    monitor.close();
    servicesClosed = true;
    finishProbe(probeResult(true, 5));
    await expect(refreshing).resolves.toMatchObject({ providerReachable: null });
  });

  it('a failing provider call turns the bar to unreachable at once, and an answer turns it back (no wait for the probe)', async () => {
    const seen: StatusSnapshot[] = [];
    let probes = 0;
    const monitor = createStatusMonitor({
      environment: () => ({ environment: 'embedded-sandbox', demo: true }),
      probe: async () => {
        probes += 1;
        return probeResult(true, 100);
      },
      counts: () => ({ pendingCount: 1, unresolvedCount: 0 }),
      onChange: (snapshot) => seen.push(snapshot),
      intervalMs: 60_000,
      unreachableRetryMs: 60_000,
    });
    await monitor.refresh();
    expect(monitor.snapshot()).toMatchObject({ providerReachable: true, clockSkewMs: 100 });

    monitor.observe(false);
    expect(monitor.snapshot()).toMatchObject({ providerReachable: false, clockSkewMs: 100 });
    expect(seen.at(-1)).toMatchObject({ providerReachable: false });
    const told = seen.length;
    monitor.observe(false); // every failed attempt of an outage: one change told, not one per attempt
    expect(seen).toHaveLength(told);

    monitor.observe(true);
    expect(seen.at(-1)).toMatchObject({ providerReachable: true });
    expect(probes).toBe(1);
    monitor.close();
    monitor.observe(false); // closed: nothing told any more
    expect(seen.at(-1)).toMatchObject({ providerReachable: true });
  });
});
