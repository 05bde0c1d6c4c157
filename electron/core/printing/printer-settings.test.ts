import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { openConfSettingsFile } from '../settings/settings-file.ts';
import { settingsProblems } from '../settings/settings-problems.ts';
import { openSettingsService } from '../settings/settings-service.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// The printer setting: a settings file from before it loads with the system printer, and an ESC/POS printer
// is refused without somewhere to send to.

let dir: string;
beforeEach(() => {
  dir = tempFolder('printer-settings-');
});
afterEach(() => removeFolder(dir));

describe('the printer setting', () => {
  it('a settings file written before printers were a setting loads, with the system printer on 80 mm', async () => {
    const { printer: _printer, ...older } = { ...DEFAULT_SETTINGS, merchantName: 'Harbour Bakery' };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(older));
    const service = await openSettingsService({
      file: openConfSettingsFile(dir),
      vault: new DevelopmentFileVault(join(dir, 'vault.json')),
      lockoutFile: join(dir, 'pin-lockout.json'),
    });
    expect(service.current().merchantName).toBe('Harbour Bakery');
    expect(service.current().printer).toMatchObject({ kind: 'system', widthMm: 80 });
  });

  it('a network printer needs its address, a device printer its device; the system printer neither', () => {
    const withPrinter = (printer: Partial<typeof DEFAULT_SETTINGS.printer>) => ({
      ...structuredClone(DEFAULT_SETTINGS),
      printer: { ...DEFAULT_SETTINGS.printer, ...printer },
    });
    expect(settingsProblems(withPrinter({ kind: 'network', host: ' ' })).problems).toEqual({
      'printer.host': { key: 'settings.printer-host-missing' },
    });
    expect(settingsProblems(withPrinter({ kind: 'device' })).problems).toEqual({
      'printer.path': { key: 'settings.printer-path-missing' },
    });
    expect(settingsProblems(withPrinter({ kind: 'system' })).problems).toEqual({});
    expect(
      settingsProblems(withPrinter({ kind: 'network', host: '192.0.2.40', widthMm: 57 as 58 })).problems,
    ).toHaveProperty('printer.widthMm');
  });

  it('prints as text unless set to pictures: an older file keeps text, "picture" is saved, anything else refused', async () => {
    const { printAs: _printAs, ...olderPrinter } = { ...DEFAULT_SETTINGS.printer, kind: 'network', host: '192.0.2.40' };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, printer: olderPrinter }));
    const open = () =>
      openSettingsService({
        file: openConfSettingsFile(dir),
        vault: new DevelopmentFileVault(join(dir, 'vault.json')),
        lockoutFile: join(dir, 'pin-lockout.json'),
      });
    const service = await open();
    expect(service.current().printer).toMatchObject({ kind: 'network', host: '192.0.2.40', printAs: 'text' });
    await service.save({ settings: { printer: { ...service.current().printer, printAs: 'picture' } } });
    expect((await open()).current().printer.printAs).toBe('picture');
    const bitmap = {
      ...structuredClone(DEFAULT_SETTINGS),
      printer: { ...DEFAULT_SETTINGS.printer, printAs: 'bitmap' },
    };
    expect(settingsProblems(bitmap as typeof DEFAULT_SETTINGS).problems).toHaveProperty('printer.printAs');
  });
});
