import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';

// What tells this computer from another one with a copy of its disk: the hardware addresses of its network
// adapters. A disk image copied to a second till carries the data folder, the settings and even /etc/machine-id
// (a cloned system keeps it), but not the adapters. On Linux every physical adapter is read from /sys, up or down
// (a cable pulled must not make the till a stranger to itself); elsewhere the adapters Node lists. A computer with
// no adapter at all (a container) falls back to /etc/machine-id, which is the best it has.

export function machineMarks(): string[] {
  const marks = new Set<string>([...physicalAdaptersOnLinux(), ...listedAdapters()]);
  if (marks.size === 0) {
    const machineId = readOrNull('/etc/machine-id');
    if (machineId) marks.add(`machine-id:${machineId}`);
  }
  return [...marks].sort();
}

function physicalAdaptersOnLinux(): string[] {
  const root = '/sys/class/net';
  if (process.platform !== 'linux' || !existsSync(root)) return [];
  const found: string[] = [];
  for (const name of readdirSync(root)) {
    // Only adapters backed by a device: not lo, bridges, veth pairs or tunnels, which come and go.
    if (!existsSync(join(root, name, 'device'))) continue;
    const address = readOrNull(join(root, name, 'address'));
    if (address && !isZero(address)) found.push(`mac:${address.toLowerCase()}`);
  }
  return found;
}

function listedAdapters(): string[] {
  if (process.platform === 'linux') return [];
  const found: string[] = [];
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? [])
      if (!address.internal && !isZero(address.mac)) found.push(`mac:${address.mac.toLowerCase()}`);
  return found;
}

function isZero(mac: string): boolean {
  return /^(00:){5}00$/.test(mac.trim());
}

function readOrNull(path: string): string | null {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text === '' ? null : text;
  } catch {
    return null;
  }
}
