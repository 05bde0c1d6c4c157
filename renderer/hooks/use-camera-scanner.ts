import { useEffect, useEffectEvent, useState, type RefObject } from 'react';

// The camera half of the scanning pipeline. @zxing/browser is loaded with a dynamic import, so its code is
// fetched only when the scan view opens; the stream is stopped when the view closes.

export type CameraState =
  | { readonly kind: 'starting' }
  | { readonly kind: 'live'; readonly usedFallback: boolean }
  | { readonly kind: 'denied' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unsupported' }
  | { readonly kind: 'error'; readonly message: string };

/** Between two reports of the same code: a code held in front of the camera is decoded many times a second. */
const SAME_CODE_QUIET_MS = 3000;

export function useCameraScanner(videoRef: RefObject<HTMLVideoElement | null>, deviceId: string, onCode: (code: string) => void): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const report = useEffectEvent(onCode);

  useEffect(() => {
    let stopped = false;
    let controls: { stop(): void } | null = null;
    let lastCode = '';
    let lastAt = 0;

    const video = videoRef.current;
    const start = async (): Promise<void> => {
      if (!video || !navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'unsupported' });
        return;
      }
      const cameras = (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput');
      if (cameras.length === 0) {
        setState({ kind: 'absent' });
        return;
      }
      // Device ids are stable per origin; a camera chosen in Settings may since have been unplugged.
      const chosen = deviceId !== '' && cameras.some((camera) => camera.deviceId === deviceId) ? deviceId : undefined;
      const { BrowserQRCodeReader } = await import('@zxing/browser');
      if (stopped) return;
      const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 80 });
      const started = await reader.decodeFromVideoDevice(chosen, video, (result) => {
        if (!result || stopped) return;
        const code = result.getText();
        const now = Date.now();
        if (code === lastCode && now - lastAt < SAME_CODE_QUIET_MS) return;
        lastCode = code;
        lastAt = now;
        report(code);
      });
      if (stopped) {
        started.stop();
        return;
      }
      controls = started;
      setState({ kind: 'live', usedFallback: deviceId !== '' && chosen === undefined });
    };

    start().catch((error: unknown) => {
      if (stopped) return;
      setState(cameraErrorState(error));
    });

    return () => {
      stopped = true;
      controls?.stop();
      stopTracks(video);
    };
  }, [videoRef, deviceId]);

  return state;
}

function cameraErrorState(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return { kind: 'absent' };
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'error', message };
}

/** Belt and braces: make sure the camera light goes off even if the reader did not stop its stream. */
function stopTracks(video: HTMLVideoElement | null): void {
  const stream = video?.srcObject;
  if (stream instanceof MediaStream) for (const track of stream.getTracks()) track.stop();
  if (video) video.srcObject = null;
}
