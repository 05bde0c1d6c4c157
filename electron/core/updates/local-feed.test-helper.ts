import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signManifest } from './feed-signature.ts';
import { TEST_PUBLISHER_PRIVATE_KEY } from './test-publisher-key.test-helper.ts';

// A real update feed on loopback, as a shop's web server would serve electron-builder's output: latest.yml and
// the installer beside it, and latest.yml.sig, the publisher's signature (by the tests' publisher key unless told
// otherwise). What it serves can be changed between requests (a corrupted file, another version),
// and it counts the requests per path.

export interface LocalFeed {
  readonly url: string;
  /**
   * Serves a release: latest.yml describing `file` (its true digest and size), its signature by `signedWith`
   * (a private key PEM; default the tests' publisher key; null: no latest.yml.sig), and the file.
   */
  publish(release: {
    version: string;
    file: Buffer;
    stagingPercentage?: number;
    fileName?: string;
    signedWith?: string | null;
  }): void;
  /** Changes latest.yml after it was signed (the signature stays the one of the original). */
  tamperManifest(change: (yaml: string) => string): void;
  /** Serves other bytes under the published file's name (the feed still describes the original). */
  corruptFile(bytes: Buffer): void;
  requests(path: string): number;
  close(): Promise<void>;
}

export const sha512Base64 = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64');

export async function startLocalFeed(): Promise<LocalFeed> {
  const routes = new Map<string, Buffer>();
  const counts = new Map<string, number>();
  let published = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const body = routes.get(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/wallet-pos/stable`,
    publish({
      version,
      file,
      stagingPercentage,
      fileName = `Wallet-POS-Setup-${version}.exe`,
      signedWith = TEST_PUBLISHER_PRIVATE_KEY,
    }) {
      published = `/wallet-pos/stable/${fileName}`;
      routes.set(published, file);
      const digest = sha512Base64(file);
      const yaml = [
        `version: ${version}`,
        'files:',
        `  - url: ${fileName}`,
        `    sha512: ${digest}`,
        `    size: ${file.length}`,
        `path: ${fileName}`,
        `sha512: ${digest}`,
        `releaseDate: '2026-11-20T09:00:00.000Z'`,
        ...(stagingPercentage === undefined ? [] : [`stagingPercentage: ${stagingPercentage}`]),
        '',
      ].join('\n');
      routes.set('/wallet-pos/stable/latest.yml', Buffer.from(yaml));
      if (signedWith === null) routes.delete('/wallet-pos/stable/latest.yml.sig');
      else routes.set('/wallet-pos/stable/latest.yml.sig', Buffer.from(signManifest(Buffer.from(yaml), signedWith)));
    },
    tamperManifest(change) {
      const path = '/wallet-pos/stable/latest.yml';
      routes.set(path, Buffer.from(change(routes.get(path)!.toString('utf8'))));
    },
    corruptFile(bytes) {
      routes.set(published, bytes);
    },
    requests: (path) => counts.get(`/wallet-pos/stable/${path}`) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
