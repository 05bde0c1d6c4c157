import { createServer } from 'node:net';
import { notice, type Notice } from '../../../shared/notices.ts';

// Why the register connection cannot listen on a port, in the admin's words: found before a save (a port another
// program holds is refused next to the field) and after a start that failed (a program took the port while the
// till was off: Settings' connection status says so; payments go on).

type ListenRefusal = 'in-use' | 'not-allowed' | 'other';

function refusalOf(error: unknown): ListenRefusal {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return 'in-use';
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL') return 'not-allowed';
  return 'other';
}

/** What Settings' connection status says about a listener that did not start. */
export function listenProblem(error: unknown, port: number): Notice {
  switch (refusalOf(error)) {
    case 'in-use':
      return notice('ecr.port-in-use', { port });
    case 'not-allowed':
      return notice('ecr.port-not-allowed', { port });
    case 'other':
      return notice('ecr.not-started');
  }
}

/**
 * Listens on host:port for a moment: null when it could, else what the Settings field says. Nothing answers on
 * it meanwhile (the probe accepts no connection), and it is closed before the answer.
 */
export async function probePort(port: number, host: string): Promise<Notice | null> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    return refusalOf(error) === 'in-use'
      ? notice('settings.port-in-use', { port })
      : notice('settings.port-not-allowed', { port });
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return null;
}
