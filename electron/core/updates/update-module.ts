import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { UpdateSettings } from '../../../shared/settings.ts';
import type { UpdateHold, UpdateStatus } from '../../../shared/updates.ts';
import type { Timers } from '../timers.ts';
import type { FeedRelease } from './feed-format.ts';
import {
  CHECK_EVERY_MS,
  checkDue,
  decideInstall,
  insideWindow,
  judgeOffer,
  nextWindowOpening,
  rolloutBucket,
  type OpenPayments,
} from './update-decision.ts';
import { UpdateFailure, type UpdateEngine, type UpdateStage } from './update-engine.ts';

// The till's updates as the core runs them: a check once a day (and at start), a background download of a
// release this till takes, and the install — by itself only inside the maintenance window with no payment
// open or in doubt, or when an admin presses "Restart to update" (never over an open payment either). A step
// that fails leaves the running version as it is and says so in the status; the next daily check tries again.

export type UpdateChannel = 'updates.status' | 'updates.installNow';

export interface UpdateModule {
  readonly handlers: Pick<Handlers, UpdateChannel>;
  /** The state now (the health check's `updates` input: see update-health.ts). */
  status(): UpdateStatus;
  /** One round: a check if due (download if taken), then the install decision. Runs on its own every minute. */
  tick(): Promise<void>;
  start(): void;
  close(): void;
}

export interface UpdateModuleOptions {
  /** null where this way of running cannot update (the browser preview). */
  readonly engine: UpdateEngine | null;
  readonly runningVersion: string;
  readonly settings: () => UpdateSettings;
  /** Who this till is (terminal id and reference): its stable place in a staged rollout. */
  readonly tillIdentity: () => string;
  readonly payments: () => OpenPayments;
  /** Refuses when the admin PIN is set and not just verified (like settings.save). */
  readonly requireAdmin: () => Promise<void>;
  readonly timers: Timers;
  readonly now?: () => Date;
  readonly tickMs?: number;
  readonly checkEveryMs?: number;
  readonly log?: (line: string) => void;
}

export function createUpdateModule(options: UpdateModuleOptions): UpdateModule {
  const now = options.now ?? (() => new Date());
  const everyMs = options.checkEveryMs ?? CHECK_EVERY_MS;
  const log = options.log ?? ((line: string) => console.warn(line));
  let phase: UpdateStatus['phase'] = 'idle';
  let lastCheckedAt: Date | null = null;
  let offered: UpdateStatus['offered'] = null;
  let waiting: FeedRelease | null = null;
  let problem: UpdateStatus['problem'] = null;
  // The feed the state above came from: another feed starts afresh.
  let stateFeed = options.settings().feedUrl;
  // An install that failed is not retried by itself for that version (no restart loop in the night).
  let installFailedFor: string | null = null;
  let round: Promise<void> | null = null;
  let timer: unknown = null;
  let closed = false;

  // `step` names what was running when something other than an UpdateFailure was thrown.
  const fail = (error: unknown, version: string | null, step: UpdateStage): void => {
    const stage = error instanceof UpdateFailure ? error.stage : step;
    problem = { stage, version, at: now().toISOString() };
    log(
      `update ${stage} failed${version ? ` for ${version}` : ''}, keeping ${options.runningVersion}: ${String(error)}`,
    );
  };

  const followFeed = (): string => {
    const { feedUrl } = options.settings();
    if (feedUrl !== stateFeed) {
      stateFeed = feedUrl;
      lastCheckedAt = null;
      offered = null;
      waiting = null;
      problem = null;
      installFailedFor = null;
      phase = 'idle';
    }
    return feedUrl;
  };

  const check = async (engine: UpdateEngine, feedUrl: string): Promise<void> => {
    phase = 'checking';
    lastCheckedAt = now();
    let release: FeedRelease;
    try {
      release = await engine.latest(feedUrl);
    } catch (error) {
      fail(error, null, 'feed');
      phase = waiting ? 'ready' : 'idle';
      return;
    }
    const verdict = judgeOffer(release, options.runningVersion, rolloutBucket(options.tillIdentity()));
    offered = {
      version: release.version,
      releaseDate: release.releaseDate,
      stagingPercentage: release.stagingPercentage,
      verdict,
    };
    if (verdict !== 'take') {
      problem = null;
      phase = waiting ? 'ready' : 'idle';
      return;
    }
    if (waiting?.version === release.version) {
      problem = null;
      phase = 'ready';
      return;
    }
    phase = 'downloading';
    try {
      await engine.download(feedUrl, release);
    } catch (error) {
      fail(error, release.version, 'download');
      phase = waiting ? 'ready' : 'idle';
      return;
    }
    waiting = release;
    installFailedFor = null;
    problem = null;
    phase = 'ready';
  };

  const install = async (engine: UpdateEngine, version: string): Promise<void> => {
    phase = 'installing';
    try {
      await engine.install();
    } catch (error) {
      installFailedFor = version;
      fail(error, version, 'install');
      phase = 'ready';
    }
  };

  const hold = (): UpdateHold | null => {
    if (!waiting) return null;
    const decision = decideInstall({
      ready: true,
      payments: options.payments(),
      now: now(),
      window: windowOf(options.settings()),
      adminAsked: false,
    });
    return decision.install || decision.because === 'nothing-ready' ? null : decision.because;
  };

  const runRound = async (): Promise<void> => {
    const engine = options.engine;
    const feedUrl = followFeed();
    if (!engine || feedUrl === '' || closed) return;
    if (checkDue(lastCheckedAt, now(), everyMs)) await check(engine, feedUrl);
    if (!waiting || phase !== 'ready' || installFailedFor === waiting.version || closed) return;
    const decision = decideInstall({
      ready: true,
      payments: options.payments(),
      now: now(),
      window: windowOf(options.settings()),
      adminAsked: false,
    });
    if (decision.install) {
      log(`installing ${waiting.version} in the maintenance window`);
      await install(engine, waiting.version);
    }
  };

  const tick = (): Promise<void> => {
    // One round at a time: a slow download is not started twice by the next minute's tick.
    round ??= runRound().finally(() => {
      round = null;
    });
    return round;
  };

  const status = (): UpdateStatus => {
    const settings = options.settings();
    const feedUrl = followFeed();
    const window = windowOf(settings);
    const shownPhase = !options.engine ? 'unavailable' : feedUrl === '' ? 'off' : phase;
    return {
      runningVersion: options.runningVersion,
      phase: shownPhase,
      feedUrl,
      window,
      lastCheckedAt: lastCheckedAt?.toISOString() ?? null,
      nextCheckAt:
        shownPhase === 'off' || shownPhase === 'unavailable'
          ? null
          : new Date(lastCheckedAt ? lastCheckedAt.getTime() + everyMs : now().getTime()).toISOString(),
      offered,
      waiting: waiting ? { version: waiting.version, releaseDate: waiting.releaseDate } : null,
      installAt: waiting ? nextWindowOpening(now(), window).toISOString() : null,
      insideWindow: insideWindow(now(), window),
      heldBy: hold(),
      problem,
    };
  };

  const schedule = (): void => {
    if (closed) return;
    timer = options.timers.setTimeout(() => {
      void tick().finally(schedule);
    }, options.tickMs ?? 60_000);
  };

  return {
    status,
    tick,
    start() {
      void tick().finally(schedule);
    },
    close() {
      closed = true;
      if (timer !== null) options.timers.clearTimeout(timer);
    },
    handlers: {
      'updates.status': async () => status(),
      'updates.installNow': async () => {
        await options.requireAdmin();
        const engine = options.engine;
        if (!engine) throw new PosError('updates.not-available');
        await round;
        if (!waiting || phase !== 'ready') throw new PosError('updates.nothing-waiting');
        const decision = decideInstall({
          ready: true,
          payments: options.payments(),
          now: now(),
          window: windowOf(options.settings()),
          adminAsked: true,
        });
        if (!decision.install) {
          throw new PosError(
            decision.because === 'payment-in-doubt' ? 'updates.payment-in-doubt' : 'updates.payment-open',
            {
              retryable: true,
            },
          );
        }
        log(`installing ${waiting.version}: an admin pressed Restart to update`);
        await install(engine, waiting.version);
        return status();
      },
    },
  };
}

const windowOf = (settings: UpdateSettings): UpdateStatus['window'] => ({
  start: settings.windowStart,
  end: settings.windowEnd,
});
