import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PosError } from '../../../shared/errors.ts';
import { DEFAULT_SETTINGS } from '../../../shared/settings.ts';
import { createEscposPrinter } from './escpos-printer.ts';
import { openPrintRecord, type PrintRecord } from './print-record.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// A device printer (USB, serial) is a character device the till writes and reads. One that is missing is offline;
// one that takes bytes but never answers a status query (a printer without a back channel) is not treated as a
// receipt printer: the test page and the job stop after the question, and the job's bytes never go. A plain file
// is no printer: nothing is written to it (issue 35.3).

let dir: string;
let record: PrintRecord;
beforeEach(() => {
  dir = tempFolder('device-link-');
  record = openPrintRecord(join(dir, 'prints.sqlite'));
});
afterEach(() => {
  record.close();
  removeFolder(dir);
});

const printerAt = (path: string) =>
  createEscposPrinter({
    settings: () => ({ ...DEFAULT_SETTINGS.printer, kind: 'device', path }),
    locale: () => 'en',
    record,
    answerMs: 200,
  });

const testPage = { kind: 'test-page', merchantName: 'Demo', qrText: 'T', sample: '中文' } as const;

describe('a device printer', () => {
  it('that is missing is offline', async () => {
    const error = await printerAt(join(dir, 'lp0'))
      .print({ document: testPage, what: 'test-page', subject: '' })
      .catch((e: unknown) => e);
    expect((error as PosError).code).toBe('printer.offline');
  });

  it('that never answers a status query (a character device with no back channel) is printer.failed', async () => {
    const error = await printerAt('/dev/null')
      .print({ document: testPage, what: 'test-page', subject: '' })
      .catch((e: unknown) => e);
    expect((error as PosError).code).toBe('printer.failed');
  });

  it('that is a plain file (a path into the data folder) is offline, and nothing is written to it', async () => {
    const file = join(dir, 'lp0');
    writeFileSync(file, 'the journal');
    const error = await printerAt(file)
      .print({ document: testPage, what: 'test-page', subject: '' })
      .catch((e: unknown) => e);
    expect((error as PosError).code).toBe('printer.offline');
    expect(readFileSync(file, 'utf8')).toBe('the journal');
  });
});
