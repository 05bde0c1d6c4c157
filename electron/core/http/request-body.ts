import type { IncomingMessage } from 'node:http';

// Reading a request body on our own servers (webhook receivers, the web host, the sandbox), bounded in size
// so a sender cannot make us hold an endless body in memory.

/**
 * The whole body as UTF-8, or null as soon as it grows past `maxBytes`. The rest of an oversized body is
 * read and dropped, so the caller can still answer (413) on the same connection. Rejects when the sender
 * hangs up mid-body.
 */
export function readRequestBody(request: IncomingMessage, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        request.removeAllListeners('data');
        request.resume();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
