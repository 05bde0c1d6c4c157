import { useCallback, useEffect, useId, useState } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { LockedNote } from './fields.tsx';

// Lists the cameras (enumerateDevices). Browsers hide camera names until the page has been allowed to use
// a camera once, so we offer to ask, then release the camera at once.

interface Camera {
  readonly deviceId: string;
  readonly label: string;
}

export function CameraChooser({
  value,
  onChange,
  problem,
  locked = false,
}: {
  value: string;
  onChange: (deviceId: string) => void;
  problem?: string | undefined;
  /** Set by the fleet's policy (fields.tsx): shown, not changeable. */
  locked?: boolean;
}) {
  const t = useT();
  const id = useId();
  const [cameras, setCameras] = useState<readonly Camera[] | null>(null);

  const refresh = useCallback((): Promise<void> => listCameras().then(setCameras), []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const askForNames = async (): Promise<void> => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      for (const track of stream.getTracks()) track.stop();
    } catch {
      // Refused or no camera: the list stays as it is, names hidden.
    }
    await refresh();
  };

  const list = cameras ?? [];
  const unnamed = list.some((camera) => camera.label === '');
  const missing = value !== '' && cameras !== null && !list.some((camera) => camera.deviceId === value);
  return (
    <div className={`field${problem ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t('settings.cameraDeviceId')}
      </label>
      <select
        id={id}
        value={value}
        disabled={locked}
        onChange={(event) => onChange(event.target.value)}
        data-testid="camera-select"
      >
        <option value="">{t('settings.cameraDefault')}</option>
        {list
          .filter((camera) => camera.deviceId !== '')
          .map((camera, index) => (
            <option key={camera.deviceId} value={camera.deviceId}>
              {camera.label || t('settings.cameraUnnamed', { index: index + 1 })}
            </option>
          ))}
        {missing && <option value={value}>{value.slice(0, 12)}…</option>}
      </select>
      {locked && <LockedNote id={id} testId="camera-select" />}
      {cameras !== null && list.length === 0 && <p className="hint">{t('settings.cameraNone')}</p>}
      {unnamed && !locked && (
        <button
          type="button"
          className="button button-small"
          onClick={() => void askForNames()}
          data-testid="camera-allow"
        >
          {t('settings.cameraAllow')}
        </button>
      )}
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

async function listCameras(): Promise<readonly Camera[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices
      .filter((device) => device.kind === 'videoinput')
      .map((device) => ({ deviceId: device.deviceId, label: device.label }));
  } catch {
    return [];
  }
}
