import { PRINT_AS, PRINTER_KINDS, type PrintAs, type PrinterKind } from '../../../shared/printer.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { SettingsDraft } from './draft-bindings.ts';
import { NumberField, SelectField, TextField } from './fields.tsx';
import { PrinterTest } from './PrinterTest.tsx';

// Which receipt printer the till uses (electron/core/printing/): the system's default printer, or an ESC/POS
// printer the till drives itself on the network or on USB/serial, its paper width, whether it gets text or
// pictures (a printer without Chinese) and the cash drawer's pulse.

export function PrinterFieldset({ draft }: { draft: SettingsDraft }) {
  const t = useT();
  const printer = draft.settings.printer;
  const width = draft.groupField('printer', 'widthMm');
  const escpos = printer.kind !== 'system';
  return (
    <fieldset data-testid="settings-printer">
      <legend>{t('settings.section.printer')}</legend>
      <SelectField<PrinterKind>
        label={t('printer.kind')}
        {...draft.groupField('printer', 'kind')}
        options={PRINTER_KINDS.map((kind) => ({ value: kind, label: t(`printer.kind.${kind}`) }))}
        hint={escpos ? t('printer.kindHint.escpos') : t('printer.kindHint.system')}
        testId="settings-printer-kind"
      />
      {printer.kind === 'network' && (
        <>
          <TextField
            label={t('printer.host')}
            maxLength={253}
            {...draft.groupField('printer', 'host')}
            testId="settings-printer-host"
          />
          <NumberField
            label={t('printer.port')}
            min={1}
            max={65_535}
            {...draft.groupField('printer', 'port')}
            testId="settings-printer-port"
          />
        </>
      )}
      {printer.kind === 'device' && (
        <TextField
          label={t('printer.path')}
          maxLength={300}
          {...draft.groupField('printer', 'path')}
          testId="settings-printer-path"
        />
      )}
      <SelectField<'58' | '80'>
        label={t('printer.widthMm')}
        value={String(width.value) as '58' | '80'}
        onChange={(value) => width.onChange(value === '58' ? 58 : 80)}
        problem={width.problem}
        options={[
          { value: '80', label: t('printer.width.80') },
          { value: '58', label: t('printer.width.58') },
        ]}
        testId="settings-printer-width"
      />
      {escpos && (
        <>
          <SelectField<PrintAs>
            label={t('printer.printAs')}
            {...draft.groupField('printer', 'printAs')}
            options={PRINT_AS.map((as) => ({ value: as, label: t(`printer.printAs.${as}`) }))}
            hint={t('printer.printAsHint')}
            testId="settings-printer-printAs"
          />
          <NumberField
            label={t('printer.drawerOnMs')}
            min={0}
            max={510}
            {...draft.groupField('printer', 'drawerOnMs')}
            testId="settings-printer-drawerOnMs"
          />
          <NumberField
            label={t('printer.drawerOffMs')}
            min={2}
            max={510}
            {...draft.groupField('printer', 'drawerOffMs')}
            testId="settings-printer-drawerOffMs"
          />
          <PrinterTest printer={printer} />
        </>
      )}
    </fieldset>
  );
}
