import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../security/csp.ts';
import { serveRendererPath } from './renderer-files.ts';
import { removeFolder, tempFolder } from '../../testing/helpers.ts';

let base: string;
let root: string;

beforeAll(() => {
  base = tempFolder('renderer-files-');
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>POS</title>');
  writeFileSync(join(root, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app-1.css'), 'body{}');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(base, 'secret.txt'), 'outside');
  symlinkSync(join(base, 'secret.txt'), join(root, 'assets', 'link.txt'));
});

afterAll(() => removeFolder(base));

describe('serveRendererPath', () => {
  it.each(['/', '/customer-display'])('serves index.html for %s with the CSP header', async (path) => {
    const response = await serveRendererPath(root, path);
    expect(response.status).toBe(200);
    expect(response.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(response.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.body.toString()).toContain('<title>POS</title>');
  });

  it('serves assets with their content type', async () => {
    const js = await serveRendererPath(root, '/assets/app-1.js');
    expect(js.status).toBe(200);
    expect(js.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['X-Content-Type-Options']).toBe('nosniff');
    expect((await serveRendererPath(root, '/assets/app-1.css')).headers['Content-Type']).toBe(
      'text/css; charset=utf-8',
    );
  });

  it.each([
    ['/../secret.txt', 403],
    ['/assets/../../secret.txt', 403],
    ['/%2e%2e/secret.txt', 403],
    ['/assets/%2E%2E/%2E%2E/secret.txt', 403],
    ['/..%2fsecret.txt', 403],
    ['/..%5csecret.txt', 400],
    ['/assets%5c..%5c..%5csecret.txt', 400],
    ['/index.html%00.js', 400],
    ['/%E0%A4%A', 400],
    ['/.env', 404],
    ['/assets/link.txt', 403],
    ['/assets', 404],
    ['/missing.js', 404],
  ])('refuses %s with %i', async (path, status) => {
    const response = await serveRendererPath(root, path);
    expect(response.status).toBe(status);
    expect(response.body.toString()).not.toContain('outside');
    expect(response.body.toString()).not.toContain('SECRET');
  });
});
