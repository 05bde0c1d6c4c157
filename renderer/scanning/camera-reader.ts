import { BrowserQRCodeReader, type HTMLVisualMediaElement, type IScannerControls } from '@zxing/browser';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { createZxingJsDecoder, type DecoderKind, type FrameDecoder } from './frame-decoders.ts';
import { boxFilteredLuminance } from './denoise.ts';
import { decodePlan, frameAction, shouldReport, type LastReport } from './frame-loop.ts';

// The camera scanner, loaded with a dynamic import when the scan view opens (so @zxing/browser, zxing-wasm's
// glue and the .wasm file are fetched only then). @zxing/browser does what it does well: open the stream
// with the chosen camera, attach it to the video element and play it, stop its tracks and clear the element.
// Decoding is ours: the frame loop in frame-loop.ts with the WebAssembly decoder, or @zxing/browser's own
// decoder when the WebAssembly module cannot load.
//
// The .wasm is an asset of our own build (Vite's `?url` import copies it into dist/renderer with a hashed
// name); `locateFile` points the module at it, so it never comes from anywhere else. Compiling it needs
// `'wasm-unsafe-eval'` in the page's script-src (see electron/core/security/csp.ts).

export interface CameraScanOptions {
  /** undefined: the default (back-facing where there is one) camera. */
  readonly deviceId: string | undefined;
  readonly video: HTMLVideoElement;
  readonly onCode: (code: string) => void;
  /** Which decoder reads the frames: known once the WebAssembly module loaded or failed to. */
  readonly onDecoder: (kind: DecoderKind) => void;
}

export interface CameraScan {
  /** Stops the frame loop and releases the camera (its light goes off). */
  stop(): void;
}

/** Starts the camera and the frame loop; resolves once the stream plays, rejects with getUserMedia's error. */
export async function startCameraScan(options: CameraScanOptions): Promise<CameraScan> {
  // The module loads while the camera starts: both take a few hundred milliseconds on a cold start.
  const decoder = chooseDecoder(options.onDecoder);
  const reader = new FrameLoopReader(decoder, options.onCode);
  const controls = await reader.decodeFromVideoDevice(options.deviceId, options.video, ignoreZxingCallback);
  return { stop: () => controls.stop() };
}

/** One object for the whole session: zxing-wasm keeps the loaded module while the overrides it is given stay
 *  the same object, so opening the scan view again does not fetch and compile the .wasm again. */
const WASM_FROM_OUR_BUILD = {
  locateFile: (path: string, prefix: string): string =>
    path.endsWith('.wasm') ? new URL(wasmUrl, document.baseURI).href : prefix + path,
};

/** The WebAssembly decoder, or @zxing/browser's own when the module does not load. */
async function chooseDecoder(onDecoder: (kind: DecoderKind) => void): Promise<FrameDecoder> {
  try {
    const { loadWasmDecoder } = await import('./wasm-decoder.ts');
    const wasm = await loadWasmDecoder(WASM_FROM_OUR_BUILD);
    onDecoder(wasm.kind);
    return wasm;
  } catch (error) {
    console.warn('Camera: the WebAssembly barcode decoder did not load; using the slower built-in decoder.', error);
    const fallback = createZxingJsDecoder();
    onDecoder(fallback.kind);
    return fallback;
  }
}

/** The callback type of @zxing/browser's scan loop (not exported by the package under its own name). */
type ZxingScanCallback = Parameters<BrowserQRCodeReader['scan']>[1];

/** Our frame loop in place of @zxing/browser's scan loop; everything around it (stream, video) stays its own. */
class FrameLoopReader extends BrowserQRCodeReader {
  private readonly decoder: Promise<FrameDecoder>;
  private readonly onCode: (code: string) => void;

  constructor(decoder: Promise<FrameDecoder>, onCode: (code: string) => void) {
    super();
    this.decoder = decoder;
    this.onCode = onCode;
  }

  override scan(
    element: HTMLVisualMediaElement,
    callbackFn: ZxingScanCallback,
    finalizeCallback?: (error?: Error) => void,
  ): IScannerControls {
    if (!(element instanceof HTMLVideoElement)) return super.scan(element, callbackFn, finalizeCallback);
    const loop = runFrameLoop(element, this.decoder, this.onCode);
    return {
      stop: () => {
        loop.stop();
        // @zxing/browser's finaliser: stops the stream's video tracks and clears the element's source.
        finalizeCallback?.();
      },
    };
  }
}

/** decodeFromVideoDevice insists on a callback; our loop reports through onCode instead. */
const ignoreZxingCallback: ZxingScanCallback = () => undefined;

interface FrameLoop {
  stop(): void;
}

/**
 * Decodes the video's frames as they arrive (requestVideoFrameCallback: once per camera frame), one at a time:
 * a frame that arrives while a decode runs is dropped, so a slow decoder never builds a queue. Each frame is
 * read centre crop first, then whole. Hidden page: no frames asked for until it is visible again.
 */
function runFrameLoop(
  video: HTMLVideoElement,
  decoderReady: Promise<FrameDecoder>,
  onCode: (code: string) => void,
): FrameLoop {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let busy = false;
  let stopped = false;
  let paused = false;
  let pending: (() => void) | null = null;
  let lastReport: LastReport | null = null;
  let lastFrameTime = -1;
  let decoder: FrameDecoder | null = null;
  let warned = false;
  // Frames before the decoder is ready are skipped, not held: the first decode reads a fresh frame.
  void decoderReady.then((ready) => {
    decoder = ready;
  });

  const perFrameCallback =
    typeof (video as { requestVideoFrameCallback?: unknown }).requestVideoFrameCallback === 'function';
  const requestFrame = (): void => {
    if (perFrameCallback) {
      const handle = video.requestVideoFrameCallback(onFrame);
      pending = () => video.cancelVideoFrameCallback(handle);
    } else {
      // No per-frame callback (older engines): the display's frame rate, skipping frames already seen.
      const handle = requestAnimationFrame(() => {
        if (video.currentTime === lastFrameTime) requestFrame();
        else onFrame();
      });
      pending = () => cancelAnimationFrame(handle);
    }
  };

  const decodeFrame = async (reader: FrameDecoder): Promise<void> => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context) return;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    context.drawImage(video, 0, 0, width, height);
    lastFrameTime = video.currentTime;
    for (const { region, denoise } of decodePlan(width, height)) {
      if (stopped) return;
      const pixels = context.getImageData(region.x, region.y, region.width, region.height);
      const text = await reader.decode(denoise ? boxFilteredLuminance(pixels) : pixels);
      if (text === null) continue;
      const now = performance.now();
      if (!stopped && shouldReport(text, now, lastReport)) {
        lastReport = { code: text, at: now };
        onCode(text);
      }
      return;
    }
  };

  const onFrame = (): void => {
    pending = null;
    const frameReady =
      decoder !== null && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0;
    const action = frameAction({ busy, hidden: document.hidden, stopped, frameReady });
    if (action === 'stop') return;
    if (action === 'pause') {
      paused = true;
      return;
    }
    requestFrame();
    if (action !== 'decode' || decoder === null) return;
    busy = true;
    decodeFrame(decoder)
      .catch((error: unknown) => {
        // Said once: a decoder that fails on one frame usually fails on every frame, 30 times a second.
        if (!warned) console.warn('Camera: a frame could not be decoded.', error);
        warned = true;
      })
      .finally(() => {
        busy = false;
      });
  };

  const onVisibility = (): void => {
    if (document.hidden || !paused || stopped) return;
    paused = false;
    requestFrame();
  };

  document.addEventListener('visibilitychange', onVisibility);
  requestFrame();
  return {
    stop() {
      stopped = true;
      pending?.();
      pending = null;
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

/** The video inputs the page may use (labels only once camera access was granted). */
export function listCameras(): Promise<MediaDeviceInfo[]> {
  return BrowserQRCodeReader.listVideoInputDevices();
}
