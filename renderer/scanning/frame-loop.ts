// The camera's frame-loop decisions, as pure functions so they are tested without a camera: what to do with a
// frame the camera just delivered, which parts of it to decode and in what order, and when a code seen again
// is worth reporting. The loop itself (renderer/scanning/camera-reader.ts) only wires these to the video.

/** A rectangle of the camera frame, in the video's own pixels. */
export interface Region {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LoopState {
  /** A decode is still running. */
  readonly busy: boolean;
  /** The page is hidden (another window, screen off, minimised): decoding would be invisible work. */
  readonly hidden: boolean;
  readonly stopped: boolean;
  /** The video has a frame with a size (readyState ≥ HAVE_CURRENT_DATA, videoWidth > 0) and the decoder has
   *  loaded: until then frames are skipped rather than held, so the first decode reads a fresh frame. */
  readonly frameReady: boolean;
}

/**
 * What to do with a frame the camera just delivered:
 * - `stop`: the scan view closed; do not ask for another frame.
 * - `pause`: the page is hidden; stop asking for frames until it is visible again.
 * - `drop`: a decode is still running; skip this frame, ask for the next (work never piles up).
 * - `wait`: no picture or no decoder yet (the stream or the module is starting); ask for the next frame.
 * - `decode`: decode this frame.
 */
export type FrameAction = 'stop' | 'pause' | 'drop' | 'wait' | 'decode';

export function frameAction(state: LoopState): FrameAction {
  if (state.stopped) return 'stop';
  if (state.hidden) return 'pause';
  if (state.busy) return 'drop';
  if (!state.frameReady) return 'wait';
  return 'decode';
}

/** The centre square the customer is asked to hold the code in (the viewfinder's target box), as a share of
 *  the frame's shorter side. A code held there is found in fewer pixels, so faster. */
export const REGION_OF_INTEREST_SHARE = 0.6;

/** The centre crop: a square of `share` × the shorter side, centred, in whole pixels. */
export function regionOfInterest(width: number, height: number, share = REGION_OF_INTEREST_SHARE): Region {
  const side = Math.max(1, Math.round(Math.min(width, height) * share));
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), width: side, height: side };
}

/** One decode of a frame: a region of it, as it came or box-filtered first (denoise.ts). */
export interface DecodePass {
  readonly region: Region;
  readonly denoise: boolean;
}

/**
 * The passes to decode in one frame, in order, stopping at the first that yields a code: the centre crop
 * first (where the customer holds the phone, the cheapest place to look), then the full frame (a code held
 * off-centre or too close for the crop), each as it came; only when neither reads, the same two box-filtered,
 * for a phone screen under sensor noise (denoise.ts), so a clean frame never pays for the filter. A frame too
 * small for a useful crop is decoded whole.
 */
export function decodePlan(width: number, height: number): readonly DecodePass[] {
  const full: Region = { x: 0, y: 0, width, height };
  const regions = Math.min(width, height) < 160 ? [full] : [regionOfInterest(width, height), full];
  return [
    ...regions.map((region) => ({ region, denoise: false })),
    ...regions.map((region) => ({ region, denoise: true })),
  ];
}

/** Between two reports of the same code: a code held in front of the camera is decoded many times a second. */
export const SAME_CODE_QUIET_MS = 3000;

export interface LastReport {
  readonly code: string;
  readonly at: number;
}

/** Whether a decoded code is reported now: a new code always, the same code again only after a quiet time. */
export function shouldReport(
  code: string,
  now: number,
  last: LastReport | null,
  quietMs = SAME_CODE_QUIET_MS,
): boolean {
  if (last === null || last.code !== code) return true;
  return now - last.at >= quietMs;
}
