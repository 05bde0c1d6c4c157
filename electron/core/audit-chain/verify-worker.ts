import { parentPort, workerData } from 'node:worker_threads';
import { verifyJournalFile, type ChainVerdict } from './journal-verify.ts';

// The worker thread Check this till verifies the journal in (verify-off-thread.ts starts it): the whole check at
// once, on a read-only connection of its own, while the till's own thread answers its screens and writes sales
// (WAL lets this reader see one snapshot beside the writer). One answer, then the thread ends.

export type VerifyAnswer = { verdict: ChainVerdict | null } | { error: string };

const { filePath } = workerData as { filePath: string };
let answer: VerifyAnswer;
try {
  answer = { verdict: verifyJournalFile(filePath) };
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);
