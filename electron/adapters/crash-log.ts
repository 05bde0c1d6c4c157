import { app } from 'electron';
import type { TillLog } from '../core/logging/log-file.ts';

// What Chromium and Node report about processes that die, into main's log (`main.N.log`, core/logging/): a
// renderer that crashed or was killed (out of memory, a GPU hang), a child process gone (the GPU process, a
// utility process), and main's own unhandled errors. Only the facts Electron gives (reason, exit code, process
// type, the page's path): never a URL's query or fragment, where a web token could travel.
//
// UNTESTED HERE: Electron cannot run on the machines this was written on. The log it writes to is tested
// (core/logging/log-file.test.ts); these listeners are a few lines on Electron's documented events.

export function logProcessCrashes(log: TillLog): void {
  app.on('render-process-gone', (_event, contents, details) => {
    log.error('main', 'main.render-process-gone', {
      reason: details.reason,
      exitCode: details.exitCode,
      page: pathOnly(contents.getURL()),
    });
  });
  app.on('child-process-gone', (_event, details) => {
    log.error('main', 'main.child-process-gone', {
      type: details.type,
      reason: details.reason,
      exitCode: details.exitCode,
      serviceName: details.serviceName,
      name: details.name,
    });
  });
  process.on('uncaughtException', (error) => {
    log.error('main', 'main.uncaught-exception', { error, stack: error.stack?.split('\n').slice(0, 6).join('\n') });
  });
  process.on('unhandledRejection', (reason) => {
    log.error('main', 'main.unhandled-rejection', { reason });
  });
}

function pathOnly(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '';
  }
}
