import { describe, expect, it } from 'vitest';
import {
  SAME_CODE_QUIET_MS,
  decodePlan,
  frameAction,
  regionOfInterest,
  shouldReport,
  type LoopState,
} from './frame-loop.ts';

const READY: LoopState = { busy: false, hidden: false, stopped: false, frameReady: true };

describe('camera frame loop: what to do with a delivered frame', () => {
  it('decodes a frame when nothing else is running and the page is on show', () => {
    expect(frameAction(READY)).toBe('decode');
  });

  it('drops a frame while a decode is still running, so work never piles up', () => {
    expect(frameAction({ ...READY, busy: true })).toBe('drop');
  });

  it('pauses while the page is hidden, even with a decode running or no picture yet', () => {
    expect(frameAction({ ...READY, hidden: true })).toBe('pause');
    expect(frameAction({ ...READY, hidden: true, busy: true })).toBe('pause');
    expect(frameAction({ ...READY, hidden: true, frameReady: false })).toBe('pause');
  });

  it('stops for good once the scan view closed, whatever else is true', () => {
    expect(frameAction({ busy: true, hidden: true, stopped: true, frameReady: true })).toBe('stop');
    expect(frameAction({ ...READY, stopped: true })).toBe('stop');
  });

  it('waits for the first picture while the stream starts', () => {
    expect(frameAction({ ...READY, frameReady: false })).toBe('wait');
  });

  it('drops a busy frame before looking at whether it has a picture', () => {
    expect(frameAction({ ...READY, busy: true, frameReady: false })).toBe('drop');
  });
});

describe('camera frame loop: which part of a frame to decode first', () => {
  it('tries the centre crop first, then the full frame, and box-filtered only after both as they came', () => {
    const crop = { x: 176, y: 96, width: 288, height: 288 };
    const full = { x: 0, y: 0, width: 640, height: 480 };
    expect(decodePlan(640, 480)).toEqual([
      { region: crop, denoise: false },
      { region: full, denoise: false },
      { region: crop, denoise: true },
      { region: full, denoise: true },
    ]);
  });

  it('centres the crop on a portrait camera too, sized by the shorter side', () => {
    expect(regionOfInterest(720, 1280)).toEqual({ x: 144, y: 424, width: 432, height: 432 });
  });

  it('keeps the crop inside the frame at any share', () => {
    for (const [width, height] of [
      [641, 479],
      [1920, 1080],
      [161, 161],
    ] as const) {
      const crop = regionOfInterest(width, height, 0.6);
      expect(crop.x).toBeGreaterThanOrEqual(0);
      expect(crop.y).toBeGreaterThanOrEqual(0);
      expect(crop.x + crop.width).toBeLessThanOrEqual(width);
      expect(crop.y + crop.height).toBeLessThanOrEqual(height);
    }
  });

  it('decodes a tiny frame whole (a crop of it would be too small to hold a code), as it came then filtered', () => {
    const full = { x: 0, y: 0, width: 160, height: 120 };
    expect(decodePlan(160, 120)).toEqual([
      { region: full, denoise: false },
      { region: full, denoise: true },
    ]);
  });
});

describe('camera frame loop: reporting a code', () => {
  it('reports a new code at once', () => {
    expect(shouldReport('SBCQ1', 1000, null)).toBe(true);
    expect(shouldReport('SBCQ2', 1001, { code: 'SBCQ1', at: 1000 })).toBe(true);
  });

  it('reports the same code again only after the quiet time', () => {
    const last = { code: 'SBCQ1', at: 1000 };
    expect(shouldReport('SBCQ1', 1000 + SAME_CODE_QUIET_MS - 1, last)).toBe(false);
    expect(shouldReport('SBCQ1', 1000 + SAME_CODE_QUIET_MS, last)).toBe(true);
  });
});
