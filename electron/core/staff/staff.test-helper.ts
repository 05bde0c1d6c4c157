import { join } from 'node:path';
import { expect } from 'vitest';
import type { CoreEvent } from '../core-api.ts';
import { PosError, type ErrorCode } from '../../../shared/errors.ts';
import { createAdminSession, type AdminSession } from '../settings/admin-session.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { openConfSettingsFile } from '../settings/settings-file.ts';
import { openSettingsService, PIN_LOCKOUT_FILE, type SettingsService } from '../settings/settings-service.ts';
import { createStaffModule, type StaffModule } from './staff-module.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// TESTS ONLY: the staff module on a real data folder (settings file, development vault, lockout file, staff.json)
// with a clock the test moves. Each test file removes its folders with afterEach(removeStaffFolders).

export const ADMIN_PIN = '8642';
export const SUPERVISOR_PIN = '4821';

const folders: string[] = [];

export interface StaffBench {
  readonly dir: string;
  readonly settings: SettingsService;
  readonly admin: AdminSession;
  readonly staff: StaffModule;
  readonly events: CoreEvent[];
  /** Moves the clock of the lockout, the admin session and the idle sign-out. */
  advance(ms: number): void;
  /** Whether a payment is open, as the payment service would say. */
  paymentOpen(open: boolean): void;
}

/** A till on `dir` (a new folder when absent): settings, then the staff module, as core.ts puts them together. */
export async function openStaffBench(dir?: string): Promise<StaffBench> {
  const folder = dir ?? tempFolder('staff-');
  if (!dir) folders.push(folder);
  let clock = Date.parse('2026-11-27T06:00:00Z');
  const now = () => clock;
  const vault = new DevelopmentFileVault(join(folder, 'vault.json'));
  const settings = await openSettingsService({
    file: openConfSettingsFile(folder),
    vault,
    lockoutFile: join(folder, PIN_LOCKOUT_FILE),
    now,
  });
  const admin = createAdminSession({ now });
  const events: CoreEvent[] = [];
  let paying = false;
  const staff = await createStaffModule({
    paymentOpen: () => paying,
    dataDir: folder,
    settings,
    vault,
    admin,
    now,
    emit: (event, payload) => void events.push({ event, payload } as CoreEvent),
  });
  return {
    dir: folder,
    settings,
    admin,
    staff,
    events,
    advance: (ms) => void (clock += ms),
    paymentOpen: (open) => void (paying = open),
  };
}

/** A till whose admin (and supervisor) PINs are set and whose admin is verified: ready for staff.save. */
export async function openStaffedBench(): Promise<StaffBench> {
  const bench = await openStaffBench();
  await bench.settings.save({ secrets: { adminPin: ADMIN_PIN, supervisorPin: SUPERVISOR_PIN } });
  bench.admin.grant();
  return bench;
}

export function removeStaffFolders(): void {
  for (const folder of folders.splice(0)) removeFolder(folder);
}

/** The PosError `promise` is refused with (fails the test when it is not refused with that code). */
export async function refusal(promise: Promise<unknown> | (() => unknown), code: ErrorCode): Promise<PosError> {
  let error: unknown = null;
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(PosError);
  expect((error as PosError).code).toBe(code);
  return error as PosError;
}
