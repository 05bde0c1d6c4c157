import type { UpdateProblemCode } from '../../../shared/updates.ts';
import type { FeedRelease } from './feed-format.ts';

// What fetches, downloads and installs an update. In the app it is electron-updater (adapters/updater.ts: it
// also checks the installer's code signature where the platform has one); under plain Node it is
// feed-engine.ts, which does the same fetch, download and SHA-512 check itself, so tests run them for real
// against a local feed. The module (update-module.ts) decides when each step runs.

export type UpdateStage = 'feed' | 'download' | 'verify' | 'install';

/** A step that failed: the till keeps running the version it has. `detail` is for the log, never a screen. */
export class UpdateFailure extends Error {
  override readonly name = 'UpdateFailure';
  readonly stage: UpdateStage;
  /** What a screen may say beyond the stage (a feed not signed by the publisher); null: the stage says it. */
  readonly code: UpdateProblemCode | null;
  constructor(stage: UpdateStage, detail: string, options?: { cause?: unknown; code?: UpdateProblemCode }) {
    super(detail, options);
    this.stage = stage;
    this.code = options?.code ?? null;
  }
}

export interface UpdateEngine {
  /**
   * What the feed offers now, once its manifest's signature is one of the pinned publisher keys'. Rejects with
   * an UpdateFailure('feed') when it cannot be read or understood, with code updates.signature-invalid when the
   * signature is missing, wrong or another key's.
   */
  latest(feedUrl: string): Promise<FeedRelease>;
  /**
   * Fetches the release and resolves only once it is verified (digest, size, and in the app the signature);
   * rejects with an UpdateFailure('download' | 'verify') and keeps nothing unverified.
   */
  download(feedUrl: string, release: FeedRelease): Promise<void>;
  /** Quits and installs the downloaded release (the app restarts into it). Rejects with UpdateFailure('install'). */
  install(): Promise<void>;
}
