import type { Handlers } from '../../../shared/contract.ts';
import { PosError } from '../../../shared/errors.ts';
import type { UpdateHold, UpdateStatus, UpdateSettings } from '../../../shared/updates.ts';
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

/** What the rounds learn and the status shows; one feed's story (another feed starts afresh). */
interface UpdateState {
  phase: UpdateStatus['phase'];
  lastCheckedAt: Date | null;
  offered: UpdateStatus['offered'];
  waiting: FeedRelease | null;
  problem: UpdateStatus['problem'];
  /** The feed the state above came from. */
  stateFeed: string;
  /** An install that failed is not retried by itself for that version (no restart loop in the night). */
  installFailedFor: string | null;
  closed: boolean;
}

interface UpdateContext {
  readonly options: UpdateModuleOptions;
  readonly now: () => Date;
  readonly everyMs: number;
  readonly log: (line: string) => void;
  readonly state: UpdateState;
}

export function createUpdateModule(options: UpdateModuleOptions): UpdateModule {
  const context: UpdateContext = {
    options,
    now: options.now ?? (() => new Date()),
    everyMs: options.checkEveryMs ?? CHECK_EVERY_MS,
    log: options.log ?? ((line: string) => console.warn(line)),
    state: {
      phase: 'idle',
      lastCheckedAt: null,
      offered: null,
      waiting: null,
      problem: null,
      stateFeed: options.settings().feedUrl,
      installFailedFor: null,
      closed: false,
    },
  };
  const { state } = context;
  let round: Promise<void> | null = null;
  let timer: unknown = null;

  const tick = (): Promise<void> => {
    // One round at a time: a slow download is not started twice by the next minute's tick.
    round ??= runRound(context).finally(() => {
      round = null;
    });
    return round;
  };

  const schedule = (): void => {
    if (state.closed) return;
    timer = options.timers.setTimeout(() => {
      void tick().finally(schedule);
    }, options.tickMs ?? 60_000);
  };

  return {
    status: () => statusOf(context),
    tick,
    start() {
      void tick().finally(schedule);
    },
    close() {
      state.closed = true;
      if (timer !== null) options.timers.clearTimeout(timer);
    },
    handlers: {
      'updates.status': async () => statusOf(context),
      'updates.installNow': async () => {
        await options.requireAdmin();
        const engine = options.engine;
        if (!engine) throw new PosError('updates.not-available');
        await round;
        await installAtAdminsAsking(context, engine);
        return statusOf(context);
      },
    },
  };
}

// `step` names what was running when something other than an UpdateFailure was thrown.
function fail({ options, now, log, state }: UpdateContext, error: unknown, version: string | null, step: UpdateStage) {
  const stage = error instanceof UpdateFailure ? error.stage : step;
  const code = error instanceof UpdateFailure ? error.code : null;
  state.problem = { stage, version, at: now().toISOString(), ...(code ? { code } : {}) };
  log(`update ${stage} failed${version ? ` for ${version}` : ''}, keeping ${options.runningVersion}: ${String(error)}`);
}

/** The feed the settings name now; when it changed, what was learnt from the old one is forgotten. */
function followFeed({ options, state }: UpdateContext): string {
  const { feedUrl } = options.settings();
  if (feedUrl !== state.stateFeed) {
    state.stateFeed = feedUrl;
    state.lastCheckedAt = null;
    state.offered = null;
    state.waiting = null;
    state.problem = null;
    state.installFailedFor = null;
    state.phase = 'idle';
  }
  return feedUrl;
}

/** Asks the feed for its latest release and, if this till takes it and has not got it yet, downloads it. */
async function check(context: UpdateContext, engine: UpdateEngine, feedUrl: string): Promise<void> {
  const { options, now, state } = context;
  state.phase = 'checking';
  state.lastCheckedAt = now();
  let release: FeedRelease;
  try {
    release = await engine.latest(feedUrl);
  } catch (error) {
    fail(context, error, null, 'feed');
    state.phase = state.waiting ? 'ready' : 'idle';
    return;
  }
  const verdict = judgeOffer(release, options.runningVersion, rolloutBucket(options.tillIdentity()));
  state.offered = {
    version: release.version,
    releaseDate: release.releaseDate,
    stagingPercentage: release.stagingPercentage,
    verdict,
  };
  if (verdict !== 'take') {
    state.problem = null;
    state.phase = state.waiting ? 'ready' : 'idle';
    return;
  }
  if (state.waiting?.version === release.version) {
    state.problem = null;
    state.phase = 'ready';
    return;
  }
  await download(context, engine, feedUrl, release);
}

async function download(context: UpdateContext, engine: UpdateEngine, feedUrl: string, release: FeedRelease) {
  const { state } = context;
  state.phase = 'downloading';
  try {
    await engine.download(feedUrl, release);
  } catch (error) {
    fail(context, error, release.version, 'download');
    state.phase = state.waiting ? 'ready' : 'idle';
    return;
  }
  state.waiting = release;
  state.installFailedFor = null;
  state.problem = null;
  state.phase = 'ready';
}

async function install(context: UpdateContext, engine: UpdateEngine, version: string): Promise<void> {
  const { state } = context;
  state.phase = 'installing';
  try {
    await engine.install();
  } catch (error) {
    state.installFailedFor = version;
    fail(context, error, version, 'install');
    state.phase = 'ready';
  }
}

/** Whether the release waiting may be installed now: the window, the payments open, who asks. */
function installDecision({ options, now }: UpdateContext, adminAsked: boolean) {
  return decideInstall({
    ready: true,
    payments: options.payments(),
    now: now(),
    window: windowOf(options.settings()),
    adminAsked,
  });
}

/** What keeps the release waiting from being installed by itself; null when nothing waits or nothing holds it. */
function hold(context: UpdateContext): UpdateHold | null {
  if (!context.state.waiting) return null;
  const decision = installDecision(context, false);
  return decision.install || decision.because === 'nothing-ready' ? null : decision.because;
}

/** A check if due, then an install by itself when the window is open and no payment stands in the way. */
async function runRound(context: UpdateContext): Promise<void> {
  const { options, now, everyMs, log, state } = context;
  const engine = options.engine;
  const feedUrl = followFeed(context);
  if (!engine || feedUrl === '' || state.closed) return;
  if (checkDue(state.lastCheckedAt, now(), everyMs)) await check(context, engine, feedUrl);
  const waiting = state.waiting;
  if (!waiting || state.phase !== 'ready' || state.installFailedFor === waiting.version || state.closed) return;
  const decision = installDecision(context, false);
  if (decision.install) {
    log(`installing ${waiting.version} in the maintenance window`);
    await install(context, engine, waiting.version);
  }
}

/** "Restart to update": outside the window too, but never over an open payment or one in doubt. */
async function installAtAdminsAsking(context: UpdateContext, engine: UpdateEngine): Promise<void> {
  const { state, log } = context;
  const waiting = state.waiting;
  if (!waiting || state.phase !== 'ready') throw new PosError('updates.nothing-waiting');
  const decision = installDecision(context, true);
  if (!decision.install) {
    throw new PosError(decision.because === 'payment-in-doubt' ? 'updates.payment-in-doubt' : 'updates.payment-open', {
      retryable: true,
    });
  }
  log(`installing ${waiting.version}: an admin pressed Restart to update`);
  await install(context, engine, waiting.version);
}

function statusOf(context: UpdateContext): UpdateStatus {
  const { options, now, everyMs, state } = context;
  const settings = options.settings();
  const feedUrl = followFeed(context);
  const window = windowOf(settings);
  const shownPhase = !options.engine ? 'unavailable' : feedUrl === '' ? 'off' : state.phase;
  const { lastCheckedAt, waiting } = state;
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
    offered: state.offered,
    waiting: waiting ? { version: waiting.version, releaseDate: waiting.releaseDate } : null,
    installAt: waiting ? nextWindowOpening(now(), window).toISOString() : null,
    insideWindow: insideWindow(now(), window),
    heldBy: hold(context),
    problem: state.problem,
  };
}

const windowOf = (settings: UpdateSettings): UpdateStatus['window'] => ({
  start: settings.windowStart,
  end: settings.windowEnd,
});
