import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { DecoderKind } from '../scanning/frame-decoders.ts';

// The camera half of the scanning pipeline. The camera code (renderer/scanning/camera-reader.ts, with
// @zxing/browser and the WebAssembly decoder) is loaded with a dynamic import, so it is fetched only when the
// scan view opens; the stream is stopped when the view closes.

export type CameraState =
  | { readonly kind: 'starting' }
  | { readonly kind: 'live'; readonly usedFallback: boolean }
  | { readonly kind: 'denied' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'error'; readonly message: string };

export interface CameraScanner {
  readonly state: CameraState;
  /** The decoder reading the frames, once known: 'zxing-js' means the WebAssembly one could not load. */
  readonly decoder: DecoderKind | null;
}

export function useCameraScanner(
  videoRef: RefObject<HTMLVideoElement | null>,
  deviceId: string,
  onCode: (code: string) => void,
): CameraScanner {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [decoder, setDecoder] = useState<DecoderKind | null>(null);
  const report = useEffectEvent(onCode);

  useEffect(() => {
    let stopped = false;
    let scan: { stop(): void } | null = null;

    const video = videoRef.current;
    const start = async (): Promise<void> => {
      if (!video || !navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'unsupported' });
        return;
      }
      const { listCameras, startCameraScan } = await import('../scanning/camera-reader.ts');
      if (stopped) return;
      const cameras = await listCameras();
      if (cameras.length === 0) {
        setState({ kind: 'absent' });
        return;
      }
      // Device ids are stable per origin; a camera chosen in Settings may since have been unplugged.
      const chosen = deviceId !== '' && cameras.some((camera) => camera.deviceId === deviceId) ? deviceId : undefined;
      if (stopped) return;
      const started = await startCameraScan({
        deviceId: chosen,
        video,
        onCode: (code) => {
          if (!stopped) report(code);
        },
        onDecoder: (kind) => {
          if (!stopped) setDecoder(kind);
        },
      });
      if (stopped) {
        started.stop();
        return;
      }
      scan = started;
      setState({ kind: 'live', usedFallback: deviceId !== '' && chosen === undefined });
    };

    start().catch((error: unknown) => {
      if (stopped) return;
      setState(cameraErrorState(error));
    });

    return () => {
      stopped = true;
      scan?.stop();
      stopTracks(video);
    };
  }, [videoRef, deviceId]);

  return { state, decoder };
}

function cameraErrorState(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return { kind: 'absent' };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'error', message };
}

/** Belt and braces: make sure the camera light goes off even if the reader did not stop its stream. */
function stopTracks(video: HTMLVideoElement | null): void {
  const stream = video?.srcObject;
  if (stream instanceof MediaStream) for (const track of stream.getTracks()) track.stop();
  if (video) video.srcObject = null;
}
