import { readFileSync } from 'node:fs';
import { readPolicyFile, type Policy } from './policy-document.ts';

// A till runs for months: a policy IT pushes today must not wait for the next restart. The file is read again
// every few seconds and its text compared, rather than watched: IT's tools replace the file (write elsewhere,
// rename over it) or create it where there was none, which a watch on the old file misses, fs.watchFile's
// first look races a write made just after it starts, and the file is tiny. Only a change of its text counts.

export function watchPolicyFile(
  file: string,
  onChange: (policy: Policy | null) => void,
  intervalMs = 5_000,
): () => void {
  let lastText = textOf(file);
  const timer = setInterval(() => {
    const text = textOf(file);
    if (text === lastText) return;
    lastText = text;
    onChange(readPolicyFile(file));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function textOf(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
