// Test-only Node imports: a real loopback server stands in for the web host (the page itself never loads them).
// eslint-disable-next-line no-restricted-imports
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
// eslint-disable-next-line no-restricted-imports
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PosBridge } from '../../shared/contract.ts';
import { createFakeBridge } from '../test/fake-bridge.test-helper.ts';
import { pickBridge } from './bridge.tsx';

// The renderer picks its own transport (issue 2 §5): window.pos when Electron's preload exposed it, else
// the web bridge to the host that served the page. The web case talks to a real loopback HTTP server that
// stands in for the web host, so the request the page would send is what we check.

interface Received {
  readonly url: string | undefined;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

let server: Server | null = null;
const originalUrl = window.location.href;

/** Where the page was loaded from: happy-dom's own hook (no navigation, as a page load would be). */
function setPageUrl(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

afterEach(async () => {
  Reflect.deleteProperty(window, 'pos');
  window.sessionStorage.clear();
  setPageUrl(originalUrl);
  if (server) await new Promise<void>((resolveClose) => server!.close(() => resolveClose()));
  server = null;
});

function exposePos(bridge: PosBridge): void {
  Object.defineProperty(window, 'pos', { value: bridge, configurable: true });
}

/** A loopback server answering every POST with one Result, recording what it received. */
async function startHost(received: Received[]): Promise<string> {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url, headers: request.headers, body });
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ ok: true, value: { version: '9.9.9-from-web-host' } }));
    });
  });
  await new Promise<void>((resolveListen) => server!.listen(0, '127.0.0.1', () => resolveListen()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('pickBridge', () => {
  it("uses window.pos when Electron's preload exposed it, and sends nothing over HTTP", async () => {
    const received: Received[] = [];
    const origin = await startHost(received);
    setPageUrl(`${origin}/#token=should-not-be-used`);
    const pos = createFakeBridge({ info: { version: '1.2.3-from-preload' } });
    exposePos(pos);

    const bridge = pickBridge(window);
    const info = await bridge['app.info']({});

    expect(info.ok && info.value.version).toBe('1.2.3-from-preload');
    expect(pos.callsTo('app.info')).toHaveLength(1);
    expect(received).toEqual([]);
  });

  it('uses the web bridge to the host that served the page when there is no window.pos, with the token from the URL', async () => {
    const received: Received[] = [];
    const origin = await startHost(received);
    setPageUrl(`${origin}/#token=per-launch-token-abc`);
    expect(window.pos).toBeUndefined();

    const bridge = pickBridge(window);
    const info = await bridge['app.info']({});

    expect(info.ok && info.value.version).toBe('9.9.9-from-web-host');
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/api/app.info');
    expect(received[0]!.headers.authorization).toBe('Bearer per-launch-token-abc');
    expect(JSON.parse(received[0]!.body)).toEqual({});
    // The token left the address bar for this tab's sessionStorage.
    expect(window.location.hash).toBe('');
  });
});
