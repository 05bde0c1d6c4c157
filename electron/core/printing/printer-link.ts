import { Socket } from 'node:net';

// One conversation with a printer: bytes out, status bytes back. A network printer is a TCP socket (port 9100,
// "raw" or "JetDirect" printing); a USB or serial printer is a device file (device-link.ts). Both answer
// DLE EOT with one byte on the same channel.

export interface PrinterLink {
  write(bytes: Uint8Array): Promise<void>;
  /** The next byte the printer sends, or null when none comes within the wait. */
  readByte(waitMs: number): Promise<number | null>;
  close(): Promise<void>;
}

export class PrinterUnreachable extends Error {
  override readonly name = 'PrinterUnreachable';
}

/** Connects to host:port; PrinterUnreachable when nothing answers (no route, refused, timed out). */
export function openNetworkLink(host: string, port: number, connectMs: number): Promise<PrinterLink> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const received: number[] = [];
    let waiting: ((byte: number | null) => void) | null = null;
    let ended = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterUnreachable(`no connection to ${host}:${port} within ${connectMs} ms`));
    }, connectMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(...chunk);
      if (waiting && received.length > 0) {
        const take = waiting;
        waiting = null;
        take(received.shift()!);
      }
    });
    const finish = (): void => {
      ended = true;
      if (waiting) {
        const take = waiting;
        waiting = null;
        take(null);
      }
    };
    socket.on('close', finish);
    socket.on('error', (error) => {
      clearTimeout(timer);
      finish();
      reject(new PrinterUnreachable(`${host}:${port}: ${error.message}`, { cause: error }));
    });
    socket.connect(port, host, () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      resolve({
        write: (bytes) => new Promise((done, fail) => socket.write(bytes, (error) => (error ? fail(error) : done()))),
        readByte(waitMs) {
          if (received.length > 0) return Promise.resolve(received.shift()!);
          if (ended) return Promise.resolve(null);
          return new Promise((answer) => {
            const wait = setTimeout(() => {
              waiting = null;
              answer(null);
            }, waitMs);
            waiting = (byte) => {
              clearTimeout(wait);
              answer(byte);
            };
          });
        },
        close: () =>
          new Promise((done) => {
            if (socket.destroyed) return done();
            socket.once('close', () => done());
            socket.end();
            // A printer that never closes its side must not hold the till: give it a moment, then drop it.
            setTimeout(() => socket.destroy(), 1_000).unref();
          }),
      });
    });
  });
}
