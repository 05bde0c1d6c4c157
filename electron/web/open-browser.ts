import { spawn } from 'node:child_process';

// Opens a URL in the desktop's browser. Best effort: a machine without a desktop (CI, SSH) simply does
// not open anything, and the printed URL is still there to copy.

export function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener on this machine: nothing to do, the URL was printed.
  }
}
