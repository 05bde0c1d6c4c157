// In-page timing probe for the camera bench. Like page-probes.ts, `armCameraProbe` is sent to the page as
// source by Playwright's page.evaluate, so it is self-contained (no imports, no outer variables), and it
// timestamps in the page (performance.now() timebase), never from the test process.
//
// The fake camera's video carries a marker square in its top-left corner: light while the code is not in the
// frame, dark from the frame where it enters (e2e/fixtures/y4m.ts). The probe reads that square on every
// video frame (requestVideoFrameCallback, the same per-frame callback the app's decoder loop uses) and notes
// the first dark one: its capture time is "the code entered the frame". The app's request that creates the
// payment (POST /api/payments.chargeCustomerQr) is read from Resource Timing: its start is the moment the
// decoder's code reached the app's charge; its end, the payment created and answered.

export interface CameraProbe {
  /** Light-marker frames seen before the code entered: 0 means the code was there from the first frame. */
  framesBefore: number;
  /** The entering frame's capture time (rVFC metadata.captureTime, or the callback's time without it). */
  enteredAt: number | null;
  enteredClock: 'captureTime' | 'callback' | null;
  /** The charge request: sent (code decoded and handed over) and answered (payment created). */
  chargeSentAt: number | null;
  chargeAnsweredAt: number | null;
  /** The payment screen is in the DOM, then its first frame painted. */
  shownAt: number | null;
  paintedAt: number | null;
  error: string | null;
  /** The first frame the probe saw: its media time (seconds since the stream started) and capture time. */
  firstFrame: { mediaTime: number; captureTime: number | null; at: number } | null;
}

interface ProbeWindow {
  __benchCamera?: CameraProbe;
}

/** Arms the probe before the scan view opens. `markerSize`: the corner square's side in video pixels. */
export function armCameraProbe(markerSize: number): void {
  const probe: CameraProbe = {
    framesBefore: 0,
    enteredAt: null,
    enteredClock: null,
    chargeSentAt: null,
    chargeAnsweredAt: null,
    shownAt: null,
    paintedAt: null,
    error: null,
    firstFrame: null,
  };
  (window as unknown as ProbeWindow).__benchCamera = probe;

  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let watched: HTMLVideoElement | null = null;

  const onVideoFrame = (video: HTMLVideoElement) => (now: number, metadata: VideoFrameCallbackMetadata) => {
    if (probe.enteredAt !== null || !context) return;
    const captureTime = (metadata as VideoFrameCallbackMetadata & { captureTime?: number }).captureTime ?? null;
    probe.firstFrame ??= { mediaTime: metadata.mediaTime, captureTime, at: now };
    // The marker's centre pixel, scaled down to one pixel of our canvas.
    const centre = markerSize / 2;
    context.clearRect(0, 0, 1, 1);
    context.drawImage(video, centre - 2, centre - 2, 4, 4, 0, 0, 1, 1);
    const [level = 255, , , alpha = 0] = context.getImageData(0, 0, 1, 1).data;
    // A dark marker counts only after light ones: the stream's first frame can come out black (nothing drawn
    // yet), which is not the code entering. Frames with nothing drawn (transparent) are not counted at all.
    if (alpha === 255 && level < 128 && probe.framesBefore > 0) {
      probe.enteredAt = captureTime !== null && captureTime > 0 ? captureTime : now;
      probe.enteredClock = captureTime !== null && captureTime > 0 ? 'captureTime' : 'callback';
      return;
    }
    if (alpha === 255 && level >= 128) probe.framesBefore += 1;
    video.requestVideoFrameCallback(onVideoFrame(video));
  };

  const watchVideo = (): void => {
    const video = document.querySelector('video[data-testid="camera-preview"]');
    if (!(video instanceof HTMLVideoElement) || video === watched) return;
    watched = video;
    video.requestVideoFrameCallback(onVideoFrame(video));
  };

  const onPaymentShown = (): void => {
    if (probe.shownAt !== null || !document.querySelector('[data-testid="payment-screen"]')) return;
    probe.shownAt = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        probe.paintedAt = performance.now();
      }, 0),
    );
  };

  const dom = new MutationObserver(() => {
    watchVideo();
    onPaymentShown();
  });
  dom.observe(document.body, { childList: true, subtree: true });

  const resources = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.name.includes('/api/payments.chargeCustomerQr')) continue;
      if (probe.chargeSentAt !== null) {
        probe.error = 'more than one charge request';
        continue;
      }
      probe.chargeSentAt = entry.startTime;
      probe.chargeAnsweredAt = (entry as PerformanceResourceTiming).responseEnd;
    }
  });
  resources.observe({ type: 'resource' });
}

export function readCameraProbe(): CameraProbe | null {
  return (window as unknown as ProbeWindow).__benchCamera ?? null;
}
