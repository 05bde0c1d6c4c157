import { notice, type Notice } from '../../../shared/notices.ts';
import { listenRefusalOf } from '../http/listen.ts';

// Why the register connection cannot listen on a port, in the admin's words, after a start that failed (a program
// took the port while the till was off): Settings' connection status says so; payments go on. Before a save,
// settings/listener-ports.ts probes the port the same way for every listener.

/** What Settings' connection status says about a listener that did not start. */
export function listenProblem(error: unknown, port: number): Notice {
  switch (listenRefusalOf(error)) {
    case 'in-use':
      return notice('ecr.port-in-use', { port });
    case 'not-allowed':
      return notice('ecr.port-not-allowed', { port });
    case 'other':
      return notice('ecr.not-started');
  }
}
