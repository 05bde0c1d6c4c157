import { Worker } from 'node:worker_threads';
import type { ChainVerdict } from './journal-verify.ts';
import type { VerifyAnswer } from './verify-worker.ts';

// The journal's verifier off the till's event loop, for Check this till and the check at start: a 100k-entry
// journal takes about a second of CPU, which the screens and the register connection must not wait behind.

// From the sources (npm start, the browser preview, Vitest) the worker is the TypeScript file beside this one; in
// the Electron build it is an entry of its own of the main bundle (vite.config.ts), so it lands in
// dist-electron/ beside main.js and whichever chunk holds this code. (Not a string literal in `new URL`: the
// bundler would copy the .ts file as an asset.)
const WORKER_FILE = import.meta.url.endsWith('.ts') ? './verify-worker.ts' : './chain-verify-worker.js';

/** verifyJournalFile in a worker thread: null for a journal older than the chain; rejects when it cannot check. */
export function verifyJournalFileOffThread(filePath: string): Promise<ChainVerdict | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(WORKER_FILE, import.meta.url), { workerData: { filePath } });
    worker.once('message', (answer: VerifyAnswer) => {
      if ('error' in answer) reject(new Error(answer.error));
      else resolve(answer.verdict);
    });
    worker.once('error', reject);
    // After the answer this changes nothing; without one, the thread ended without answering.
    worker.once('exit', (code) => reject(new Error(`the chain check stopped without an answer (exit code ${code})`)));
  });
}
