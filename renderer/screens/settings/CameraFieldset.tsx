import { useT } from '../../i18n/i18n.tsx';
import { CameraChooser } from './CameraChooser.tsx';
import type { SettingsDraft } from './draft-bindings.ts';

// Which camera reads the customer's QR code on the scan screen.

export function CameraFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.camera')}</legend>
      <CameraChooser {...draft.field('cameraDeviceId')} />
    </fieldset>
  );
}
