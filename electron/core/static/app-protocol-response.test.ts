import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../security/csp.ts';
import { appProtocolResponse } from './app-protocol-response.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

// What the app:// protocol handler answers: every response, refusals included, carries the CSP and the
// other security headers.

let base: string;
let root: string;

beforeAll(() => {
  base = tempFolder('app-protocol-');
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>POS</title>');
  writeFileSync(join(root, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app-1.js.map'), '{"version":3,"sources":["../../renderer/App.tsx"]}');
  writeFileSync(join(base, 'secret.txt'), 'outside');
});

afterAll(() => removeFolder(base));

describe('appProtocolResponse', () => {
  it.each<[string, string, string, number]>([
    ['our page', 'GET', 'app://wallet-pos/', 200],
    ['the customer display', 'GET', 'app://wallet-pos/customer-display', 200],
    ['an asset', 'GET', 'app://wallet-pos/assets/app-1.js', 200],
    ['a missing file', 'GET', 'app://wallet-pos/nope.js', 404],
    // The URL parser already folds /%2e%2e/ into the root (→ /secret.txt, not found); an encoded slash it keeps.
    ['a dot-dot the parser folds', 'GET', 'app://wallet-pos/%2e%2e/secret.txt', 404],
    ['a traversal with an encoded slash', 'GET', 'app://wallet-pos/..%2fsecret.txt', 403],
    ['a backslash', 'GET', 'app://wallet-pos/..%5csecret.txt', 400],
    ['another host', 'GET', 'app://elsewhere/', 404],
    ['a lookalike host', 'GET', 'app://wallet-pos.evil/', 404],
    ['a POST', 'POST', 'app://wallet-pos/', 405],
    ['a PUT', 'PUT', 'app://wallet-pos/assets/app-1.js', 405],
  ])('%s (%s %s) → %i, with the security headers', async (_label, method, url, status) => {
    const response = await appProtocolResponse(root, method, url);
    expect(response.status).toBe(status);
    expect(response.headers).toMatchObject(SECURITY_HEADERS);
    expect(response.body.toString()).not.toContain('outside');
  });

  it('says which methods it takes when refusing one', async () => {
    expect((await appProtocolResponse(root, 'DELETE', 'app://wallet-pos/')).headers.Allow).toBe('GET, HEAD');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await appProtocolResponse(root, 'HEAD', 'app://wallet-pos/');
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(response.body.length).toBe(0);
  });
});

describe('appProtocolResponse: source maps', () => {
  it.each([
    'app://wallet-pos/assets/app-1.js.map',
    'app://wallet-pos/assets/app-1.js%2Emap',
    'app://wallet-pos/assets/APP-1.JS.MAP',
  ])('a packaged app does not serve %s (404)', async (url) => {
    const response = await appProtocolResponse(root, 'GET', url, { sourceMaps: false });
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('sources');
  });

  it('refuses them by default, and serves them only when asked (an unpackaged development build)', async () => {
    expect((await appProtocolResponse(root, 'GET', 'app://wallet-pos/assets/app-1.js.map')).status).toBe(404);
    const served = await appProtocolResponse(root, 'GET', 'app://wallet-pos/assets/app-1.js.map', { sourceMaps: true });
    expect(served.status).toBe(200);
    expect(served.body.toString()).toContain('sources');
  });
});
