import { useT } from '../../i18n/i18n.tsx';
import { CameraChooser } from './CameraChooser.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { CheckboxField } from './fields.tsx';

// Which camera reads codes: the customer's wallet code on the scan screen, and, when chosen here, the receipt's
// QR on the Refund screen.

export function CameraFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  return (
    <fieldset>
      <legend>{t('settings.section.camera')}</legend>
      <CameraChooser {...draft.field('cameraDeviceId')} />
      <CheckboxField
        label={t('settings.refundCamera')}
        {...draft.field('refundCamera')}
        testId="settings-refundCamera"
      />
    </fieldset>
  );
}
