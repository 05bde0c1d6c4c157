import { spawn } from 'node:child_process';

// Opens the till's URL in this machine's browser, or says how to reach it from another computer when this
// one has no display (a server, an SSH session, CI). The web host listens on 127.0.0.1 only and answers only
// to its own `Host: 127.0.0.1:PORT` (the DNS-rebinding guard), so the safe way in from elsewhere is an SSH
// tunnel that keeps the same port on both ends — never binding the host to another address.

export type BrowserOpening =
  | { readonly kind: 'open'; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: 'no-display'; readonly why: string };

/** Whether this machine can show a browser, and with which opener. Pure: decided from platform and environment. */
export function planBrowserOpening(url: string, platform: NodeJS.Platform, env: NodeJS.ProcessEnv): BrowserOpening {
  if (platform === 'darwin') return { kind: 'open', command: 'open', args: [url] };
  if (platform === 'win32') return { kind: 'open', command: 'cmd', args: ['/c', 'start', '""', url] };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY)
    return { kind: 'no-display', why: 'no display on this machine (DISPLAY and WAYLAND_DISPLAY are not set)' };
  return { kind: 'open', command: 'xdg-open', args: [url] };
}

/** Lines telling a person how to open the till from another computer through an SSH tunnel. */
export function remoteAccessHint(url: string, why: string): string[] {
  const port = new URL(url).port;
  return [
    `No browser was opened: ${why}.`,
    'To use the till from another computer, forward its port over SSH (it listens on 127.0.0.1 only, on purpose),',
    'keeping the same port on both ends (the till answers only to its own address):',
    `  ssh -N -L ${port}:127.0.0.1:${port} <user>@<this machine>`,
    `then open ${url} in that computer's browser. Start with --port N to keep the port the same between runs.`,
  ];
}

/** Starts the desktop's browser; resolves false when there is none (no display, or no opener installed). */
export function openInBrowser(opening: Extract<BrowserOpening, { kind: 'open' }>): Promise<boolean> {
  return new Promise((resolveOpened) => {
    try {
      const child = spawn(opening.command, opening.args, { stdio: 'ignore', detached: true });
      child.once('error', () => resolveOpened(false));
      child.once('spawn', () => resolveOpened(true));
      child.unref();
    } catch {
      resolveOpened(false);
    }
  });
}
