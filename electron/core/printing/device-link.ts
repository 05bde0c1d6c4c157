import { open, type FileHandle } from 'node:fs/promises';
import type { PrinterLink } from './printer-link.ts';
import { PrinterUnreachable } from './printer-link.ts';

// A USB printer as the system shows it: a device file (Linux /dev/usb/lp0, a serial /dev/ttyUSB0; on Windows a
// shared printer's \\.\COM3 or the port the driver gives). Opened read-write: the status byte comes back on
// the same file. Only a character device is written to, never a file (the journal, a key). A read that never
// returns (a printer that does not talk back) is abandoned after the wait; the till then calls it "not an ESC/POS
// printer" rather than wait for ever.

export async function openDeviceLink(path: string): Promise<PrinterLink> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r+');
  } catch (error) {
    throw new PrinterUnreachable(`${path}: ${(error as Error).message}`, { cause: error });
  }
  // Settings refuse anything else (printer-target.ts); this holds for a settings file or policy written by hand
  // too, and asks the file opened, so a path swapped for a symlink between the check and the print gains nothing.
  const opened = await handle.stat().catch(() => null);
  if (!opened?.isCharacterDevice()) {
    await handle.close().catch(() => {});
    throw new PrinterUnreachable(`${path}: not a character device (a printer port), nothing sent`);
  }
  let pending: Promise<number | null> | null = null;
  return {
    async write(bytes) {
      await handle.write(bytes);
    },
    readByte(waitMs) {
      // One read in flight at a time: an abandoned read may still deliver its byte to the next question.
      pending ??= handle
        .read(Buffer.alloc(1), 0, 1, null)
        .then(({ bytesRead, buffer }) => (bytesRead === 1 ? buffer[0]! : null))
        .catch(() => null);
      const read = pending;
      return new Promise((answer) => {
        const timer = setTimeout(() => answer(null), waitMs);
        void read.then((byte) => {
          clearTimeout(timer);
          if (pending === read) pending = null;
          answer(byte);
        });
      });
    },
    async close() {
      await handle.close().catch(() => {});
    },
  };
}
