// In-page timing probes for the cashier bench. Each `arm…` function is sent to the page as source by
// Playwright's page.evaluate, so it must be self-contained (no imports, no outer variables). They timestamp in
// the page itself, never from the test process: a round trip through CDP would add more than we measure.
//
// "Painted" means: the first frame that contains the change has been produced. The probe sees the change in a
// MutationObserver (it runs right after React's commit, layout effects included, so a QR canvas is already
// drawn), then waits for the next requestAnimationFrame and a task queued from it: that task runs once the
// browser has done style, layout and paint for that frame. Compositing/raster after that is not included.

/** Timestamps (performance.now(), ms) of one "click Charge → QR painted". */
export interface QrProbe {
  clickAt: number | null;
  /** The QR canvas is in the DOM with its modules drawn. */
  drawnAt: number | null;
  paintedAt: number | null;
  referenceId: string | null;
  /** performance.timeOrigin: turns the page's times into epoch ms, to line them up with the core's journal. */
  timeOrigin: number;
  /**
   * The charge's bridge call as Resource Timing saw it (the preview's HTTP bridge; null under IPC): request
   * started, first byte of the answer, answer read.
   */
  bridge: { start: number; firstByte: number; end: number } | null;
}

/** Epoch ms (performance.timeOrigin + performance.now()) of one payment showing Paid. */
export interface PaidProbe {
  domEpoch: number | null;
  paintedEpoch: number | null;
  /** Date.now() - (timeOrigin + now) at paint: how far the page's two clocks have drifted apart. */
  clockSkewMs: number | null;
}

interface ProbeWindow {
  __benchQr?: QrProbe;
  __benchPaid?: PaidProbe;
}

/** Which QR a probe waits for, and whether a click on "Charge" starts it. */
export interface QrProbeTarget {
  /** data-testid of the QR canvas: the cashier's `payment-qr`, the customer display's `customer-qr`. */
  readonly qrTestId: string;
  /**
   * True: the sample starts at the click on "Charge" (clickAt); false: it starts elsewhere (a register's request,
   * or a click in another window) and clickAt is when the probe was armed.
   */
  readonly startsWithClick: boolean;
}

/** Arms the probe for the next QR: click time from the event (or the arming), then the QR's first frame. */
export function armQrProbe({ qrTestId, startsWithClick }: QrProbeTarget): void {
  const probeWindow = window as unknown as ProbeWindow;
  const probe: QrProbe = {
    clickAt: null,
    drawnAt: null,
    paintedAt: null,
    referenceId: null,
    timeOrigin: performance.timeOrigin,
    bridge: null,
  };
  probeWindow.__benchQr = probe;
  // The buffer holds 250 entries and then drops new ones: start each sample with it empty.
  performance.clearResourceTimings();

  const onClick = (event: Event): void => {
    const button = event.target instanceof Element ? event.target.closest('[data-testid="charge-button"]') : null;
    // event.timeStamp is when the browser received the input, before any of the page's handlers ran.
    if (button && probe.clickAt === null) probe.clickAt = event.timeStamp;
  };
  if (startsWithClick) window.addEventListener('click', onClick, { capture: true });
  else probe.clickAt = performance.now();

  /** True once the canvas exists and its top-left finder pattern is drawn (a dark pixel on the diagonal). */
  const qrDrawn = (): boolean => {
    const canvas = document.querySelector(`canvas[data-testid="${qrTestId}"]`);
    if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0) return false;
    const context = canvas.getContext('2d');
    if (!context) return false;
    const side = Math.floor(Math.min(canvas.width, canvas.height) / 2);
    const pixels = context.getImageData(0, 0, side, side).data;
    for (let i = 0; i < side; i += 1) {
      const at = (i * side + i) * 4;
      if ((pixels[at] ?? 255) < 64 && (pixels[at + 3] ?? 0) > 200) return true;
    }
    return false;
  };

  const observer = new MutationObserver(() => {
    if (probe.drawnAt !== null || probe.clickAt === null || !qrDrawn()) return;
    probe.drawnAt = performance.now();
    probe.referenceId =
      document.querySelector('[data-testid="payment-screen"]')?.getAttribute('data-reference-id') ?? null;
    observer.disconnect();
    window.removeEventListener('click', onClick, { capture: true });
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.paintedAt = performance.now();
        const call = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/api\/payments\.charge/.test(entry.name))
          .pop() as PerformanceResourceTiming | undefined;
        if (call) probe.bridge = { start: call.startTime, firstByte: call.responseStart, end: call.responseEnd };
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true });
}

/** Arms the probe for the payment on screen turning Paid (data-status="paid"). */
export function armPaidProbe(): void {
  const probeWindow = window as unknown as ProbeWindow;
  const probe: PaidProbe = { domEpoch: null, paintedEpoch: null, clockSkewMs: null };
  probeWindow.__benchPaid = probe;
  const epochNow = (): number => performance.timeOrigin + performance.now();
  const isPaid = (): boolean => document.querySelector('[data-testid="payment-status"][data-status="paid"]') !== null;

  const observer = new MutationObserver(() => {
    if (probe.domEpoch !== null || !isPaid()) return;
    probe.domEpoch = epochNow();
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.paintedEpoch = epochNow();
        probe.clockSkewMs = Date.now() - probe.paintedEpoch;
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-status'],
  });
  // Already paid before the probe was armed: that sample would be meaningless, so say so loudly.
  if (isPaid()) throw new Error('the payment shows Paid before the paid probe was armed');
}

export function readQrProbe(): QrProbe | null {
  const probe = (window as unknown as ProbeWindow).__benchQr ?? null;
  // A QR drawn from the event that announced it was painted before the charge's own answer came: its call's
  // timing is read now that it has.
  if (probe && probe.paintedAt !== null && probe.bridge === null) {
    const call = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/payments\.charge/.test(entry.name))
      .pop() as PerformanceResourceTiming | undefined;
    if (call) probe.bridge = { start: call.startTime, firstByte: call.responseStart, end: call.responseEnd };
  }
  return probe;
}

export function readPaidProbe(): PaidProbe | null {
  return (window as unknown as ProbeWindow).__benchPaid ?? null;
}
