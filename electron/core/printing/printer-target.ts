import { realpath, stat } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { notice, type Notice } from '../../../shared/notices.ts';
import type { PrinterSettings } from '../../../shared/printer.ts';
import type { FieldNotices } from '../settings/settings-problems.ts';

// Where an ESC/POS printer may be (issue 35.3). A device printer is a character device — a USB or serial port —
// never a file: a path to the journal, the vault or a key in the data folder would have the till write printer
// bytes over it, and read its bytes back as "status". A symlink is followed to what it names before it is judged.
// On Windows the printer ports are names, not files (COM3, LPT1, USB001, \\.\COM10): those are taken as they are.
// A network printer is never one of the till's own listeners on this computer (the register connection, the
// webhook receivers, the web host, the demo provider): ESC/POS bytes would land in the till's own API.

/** Windows' names for the ports a printer hangs on: COM1…COM256, LPT1…LPT9, a driver's USB001…, with or without \\.\ */
const WINDOWS_PORT_NAME = /^(?:\\\\\.\\)?(?:COM[1-9]\d{0,2}|LPT[1-9]|USB\d{3})$/i;

export interface PrinterTargetContext {
  /** The till's data folder: nothing inside it is a printer. */
  readonly dataDir: string;
  /** The ports the till listens on besides its settings' listeners (its web host, the demo provider). */
  readonly ownPorts: () => readonly number[];
  readonly platform?: NodeJS.Platform;
}

/**
 * What is wrong with where a printer in these (candidate) settings prints, by field: `printer.path` for a device
 * that is no character device or lies in the data folder, `printer.port` for one of the till's own ports. The
 * device saved already is not looked at again: one unplugged today must not refuse every other save.
 */
export async function printerTargetProblems(
  candidate: Readonly<Record<string, unknown>>,
  context: PrinterTargetContext,
  saved?: PrinterSettings,
): Promise<FieldNotices> {
  const printer = (candidate['printer'] ?? {}) as Record<string, unknown>;
  const unchangedDevice = saved?.kind === 'device' && saved.path === printer['path'];
  if (printer['kind'] === 'device' && typeof printer['path'] === 'string' && printer['path'].trim() !== '') {
    if (unchangedDevice) return {};
    const why = await devicePathProblem(printer['path'], context);
    return why ? { 'printer.path': why } : {};
  }
  if (printer['kind'] === 'network' && typeof printer['host'] === 'string' && typeof printer['port'] === 'number') {
    const port = printer['port'];
    if (isThisComputer(printer['host']) && tillListenPorts(candidate, context.ownPorts()).includes(port))
      return { 'printer.port': notice('settings.port-of-till', { port }) };
  }
  return {};
}

/** Null when `path` is a printer port: a character device outside the data folder (or a Windows port name). */
export async function devicePathProblem(path: string, context: PrinterTargetContext): Promise<Notice | null> {
  if ((context.platform ?? process.platform) === 'win32' && WINDOWS_PORT_NAME.test(path.trim())) return null;
  const dataDir = await realpath(context.dataDir).catch(() => resolve(context.dataDir));
  if (isInside(dataDir, resolve(path))) return notice('settings.printer-path-in-data-folder');
  let target: string;
  try {
    target = await realpath(path);
    if (isInside(dataDir, target)) return notice('settings.printer-path-in-data-folder');
    if ((await stat(target)).isCharacterDevice()) return null;
  } catch {
    // Missing, or not ours to look at: not a printer the till can use either.
  }
  return notice('settings.printer-path-not-device', { path });
}

function isInside(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/** The host names this computer: a loopback name or address, the unspecified one, its own name or addresses. */
function isThisComputer(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === hostname().toLowerCase()) return true;
  const family = isIP(name);
  if (family === 0) return false;
  if (family === 4 && (name.startsWith('127.') || name === '0.0.0.0')) return true;
  if (family === 6 && (name === '::1' || name === '::' || /^::ffff:(127\.|7f)/.test(name))) return true;
  return Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => entry.address.toLowerCase() === name),
  );
}

/** Every port the till listens on with these settings: its own, the register connection's, the webhooks'. */
function tillListenPorts(candidate: Readonly<Record<string, unknown>>, own: readonly number[]): number[] {
  const ecr = (candidate['ecr'] ?? {}) as Record<string, unknown>;
  const tokenized = (candidate['tokenized'] ?? {}) as Record<string, unknown>;
  return [
    ...own,
    ecr['enabled'] === true ? ecr['port'] : 0,
    candidate['webhookListenPort'],
    tokenized['webhookListenPort'],
  ].filter((port): port is number => typeof port === 'number' && port > 0);
}
