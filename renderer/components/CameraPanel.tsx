import { useEffect, useRef } from 'react';
import { useCameraScanner, type CameraState } from '../hooks/use-camera-scanner.ts';
import { useT } from '../i18n/i18n.tsx';
import { useAppStore } from '../stores/app-store.ts';

/**
 * The viewfinder with its target box, and a plain explanation whenever the camera is not usable. The camera
 * starts when this mounts (its code is loaded then) and is released when it unmounts.
 */
export function CameraPanel({
  deviceId,
  onCode,
  className,
}: {
  deviceId: string;
  onCode: (code: string) => void;
  /** A screen's own size for it (the refund screen's is smaller than the scan screen's). */
  className?: string;
}) {
  const t = useT();
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, decoder } = useCameraScanner(videoRef, deviceId, onCode);
  // The status bar says when the camera reads with the slower fallback decoder.
  const setCameraDecoder = useAppStore((app) => app.setCameraDecoder);
  useEffect(() => {
    if (decoder) setCameraDecoder(decoder);
  }, [decoder, setCameraDecoder]);
  const live = state.kind === 'live';
  return (
    <div
      className={className ? `camera-panel ${className}` : 'camera-panel'}
      data-testid="camera-panel"
      data-camera-state={state.kind}
      data-decoder={decoder ?? ''}
    >
      <div className={`viewfinder${live ? ' viewfinder-live' : ''}`}>
        <video
          ref={videoRef}
          className="camera-video"
          muted
          playsInline
          autoPlay
          aria-label={t('scan.cameraLabel')}
          data-testid="camera-preview"
        />
        {live && <div className="target-box" aria-hidden="true" />}
      </div>
      <p className={`camera-state camera-${state.kind}`} role="status" data-testid="camera-state">
        {cameraText(state, t)}
      </p>
      {state.kind === 'live' && state.usedFallback && <p className="hint">{t('scan.cameraFallback')}</p>}
    </div>
  );
}

function cameraText(state: CameraState, t: ReturnType<typeof useT>): string {
  switch (state.kind) {
    case 'starting':
      return t('scan.cameraStarting');
    case 'live':
      return t('scan.cameraLive');
    case 'denied':
      return t('scan.cameraDenied');
    case 'absent':
      return t('scan.cameraAbsent');
    case 'unsupported':
      return t('scan.cameraUnsupported');
    case 'error':
      return t('scan.cameraError', { message: state.message });
  }
}
