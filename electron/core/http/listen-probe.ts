import { createServer } from 'node:net';
import type { ListenRefusal } from '../../../shared/status.ts';
import { listenRefusalOf } from './listen.ts';

// Whether the till could listen on a port, found before Settings saves it: listens on host:port for a moment.
// Nothing answers on it meanwhile (the probe accepts no connection), and it is closed before the answer.

/** null when it could listen there, else why not. */
export async function probePort(port: number, host: string): Promise<ListenRefusal | null> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    // A probe that failed for another reason says "not allowed" too: the admin's remedy is the same.
    return listenRefusalOf(error) === 'in-use' ? 'in-use' : 'not-allowed';
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return null;
}
