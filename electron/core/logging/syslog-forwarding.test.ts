import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../core-api.ts';
import { createCore, type CreateCoreOptions } from '../core.ts';
import { makeSelfSignedCertificate } from '../ecr/certificate.ts';
import { FAST } from '../payments/payment-service.test-helper.ts';
import { createPaymentModule } from '../payments/payment-service.ts';
import { waitFor } from '../../sandbox/sandbox.test-helper.ts';
import { DevelopmentFileVault } from '../settings/development-file-vault.ts';
import { createSyslogForwarder } from './syslog-forwarder.ts';
import { startSyslogReceiver, type SyslogReceiver } from './syslog-receiver.test-helper.ts';

// Issue 35.6: the till's log lines, also to the chain's collector as RFC 5424 over TCP (octet counting), over TLS
// where set. Real sockets to a test collector that parses every field. A collector that is down costs the till
// nothing: its calls are as quick, the lines it missed are counted (health.check) and said once it is back.

const SECRET = 'sk_live_Zq8Xr2Lm4Np6Tv1Wy3Bc5Df7Gh9Jk0Mn';
const ADMIN_PIN = '482916';

const dirs: string[] = [];
const cores: Core[] = [];
const receivers: SyslogReceiver[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const receiver of receivers.splice(0)) await receiver.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function openCore(syslog?: CreateCoreOptions['syslog'], policy?: unknown): Promise<Core> {
  const dir = mkdtempSync(join(tmpdir(), 'syslog-'));
  dirs.push(dir);
  const policyFile = join(dir, 'policy.json');
  if (policy) writeFileSync(policyFile, JSON.stringify(policy));
  const core = await createCore({
    ...(policy ? { policyFile } : {}),
    dataDir: dir,
    vault: new DevelopmentFileVault(join(dir, 'vault.json')),
    transport: 'web',
    version: '1.2.3',
    statusIntervalMs: 60_000,
    payments: createPaymentModule(FAST),
    ...(syslog ? { syslog } : {}),
  });
  cores.push(core);
  return core;
}

const sendTo = (port: number, tls = false) => ({ syslog: { enabled: true, host: '127.0.0.1', port, tls } });

/** A port nothing listens on (a collector that is down). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A call the core refuses, so its log writes a line (logged-handlers.ts). */
const refusedCall = (core: Core) =>
  core.handlers['payments.get']({ referenceId: 'NOT-A-PAYMENT-1' }).catch(() => 'refused');

describe('log lines to the chain’s collector', () => {
  it('arrive as RFC 5424 with every header field, octet-counted, and no secret in them', async () => {
    const receiver = await startSyslogReceiver();
    receivers.push(receiver);
    const core = await openCore();
    await core.handlers['settings.save']({
      settings: sendTo(receiver.port),
      secrets: { accessKeySecret: SECRET, adminPin: ADMIN_PIN },
    });
    await refusedCall(core);
    await core.handlers['settings.verifyPin']({ kind: 'admin', pin: '000000' }).catch(() => 'wrong');
    await core.handlers['log.rendererError']({
      kind: 'error',
      message: `fetch failed: Authorization: Bearer ${SECRET} accessKeySecret=${SECRET} pin: ${ADMIN_PIN}`,
    });
    await waitFor(() => (receiver.messages.some((m) => m.appName === 'wallet-pos-renderer') ? true : undefined));

    // The refused call: its error code is the MSGID, its line (channel, code, English) the MSG.
    const refused = receiver.messages.find((m) => m.msg.includes('"channel":"payments.get"'));
    expect(refused).toBeDefined();
    expect(JSON.parse(refused!.msg)).toMatchObject({ area: 'contract', code: refused!.msgId });
    for (const message of receiver.messages) {
      const entry = JSON.parse(message.msg) as { level: string; code: string; time: string };
      const severity = { error: 3, warn: 4, info: 6 }[entry.level];
      expect(message.pri).toBe(16 * 8 + severity!);
      expect(message.version).toBe(1);
      expect(message.timestamp).toBe(entry.time);
      expect(message.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(message.hostname).toBe(hostname().replace(/[^\x21-\x7e]/g, '') || '-');
      expect(['wallet-pos-core', 'wallet-pos-renderer']).toContain(message.appName);
      expect(message.procId).toBe(String(process.pid));
      expect(message.msgId).toBe(entry.code.slice(0, 32));
      expect(message.structuredData).toBe('[origin software="wallet-pos" swVersion="1.2.3"]');
    }
    const renderer = receiver.messages.find((m) => m.appName === 'wallet-pos-renderer')!;
    expect(renderer.msg).toContain('fetch failed');
    // Nothing secret crossed the wire: not the access key secret, not the admin PIN.
    expect(receiver.raw()).not.toContain(SECRET);
    expect(receiver.raw()).not.toContain(ADMIN_PIN);
    expect(receiver.raw()).not.toContain(SECRET.slice(8, 30));
  });

  it('go over TLS when set, checked against the collector’s authority', async () => {
    const { certificatePem, privateKeyPem } = makeSelfSignedCertificate(new Date(Date.now() - 60_000));
    const receiver = await startSyslogReceiver({ tls: { cert: certificatePem, key: privateKeyPem } });
    receivers.push(receiver);
    const forwarder = createSyslogForwarder({ version: '1.2.3', tls: { ca: certificatePem } });
    forwarder.configure({ enabled: true, host: '127.0.0.1', port: receiver.port, tls: true });
    const line = JSON.stringify({ level: 'warn', time: new Date().toISOString(), area: 'a', code: 'tls.test' });
    forwarder.forward('core', line);
    await waitFor(() => (receiver.messages.length > 0 ? true : undefined));
    expect(receiver.messages[0]).toMatchObject({ msgId: 'tls.test', appName: 'wallet-pos-core', pri: 132 });
    expect(receiver.messages[0]!.msg).toBe(line);
    expect(forwarder.state()).toEqual({ state: 'connected', dropped: 0, queued: 0 });
    await forwarder.close();

    // A collector whose certificate the till cannot check gets nothing.
    const untrusting = createSyslogForwarder({ version: '1.2.3', maxQueued: 2, firstBackoffMs: 20 });
    untrusting.configure({ enabled: true, host: '127.0.0.1', port: receiver.port, tls: true });
    for (let i = 0; i < 5; i += 1) untrusting.forward('core', line);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(untrusting.state()).toMatchObject({ state: 'down', dropped: 3 });
    expect(receiver.messages).toHaveLength(1);
    await untrusting.close();
  });

  it('a collector that is down: the till’s calls are not slowed, the dropped lines are counted, then said', async () => {
    const core = await openCore({ maxQueued: 5, firstBackoffMs: 50, maxBackoffMs: 200, connectTimeoutMs: 500 });
    const calls = 40;
    /** How long `calls` refused calls take, and the slowest of them. */
    const timeCalls = async (): Promise<{ total: number; slowest: number }> => {
      const started = performance.now();
      let slowest = 0;
      for (let i = 0; i < calls; i += 1) {
        const one = performance.now();
        expect(await refusedCall(core)).toBe('refused');
        slowest = Math.max(slowest, performance.now() - one);
      }
      return { total: performance.now() - started, slowest };
    };
    const alone = await timeCalls();

    // A collector that takes the connection and never answers the TLS handshake: the worst kind of down.
    const held = new Set<Socket>();
    const silent = createServer((socket) => {
      held.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      await core.handlers['settings.save']({ settings: sendTo((silent.address() as AddressInfo).port, true) });
      const down = await timeCalls();
      // As quick as with no collector (the machine is shared: a wide margin, far below the 5 s a wait would cost).
      expect(down.total).toBeLessThan(alone.total * 3 + 1_000);
      expect(down.slowest).toBeLessThan(1_000);
      const logs = (await core.handlers['health.check']({})).checks.find((check) => check.id === 'logs')!;
      expect(logs).toMatchObject({ ok: false, detail: { key: 'health.syslog-down' } });
      expect(Number(logs.detail.params?.['dropped'])).toBeGreaterThanOrEqual(calls - 5);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }

    // Then one that is off (nothing on its port), and comes back there: the till connects again by itself.
    const port = await closedPort();
    await core.handlers['settings.save']({ settings: sendTo(port) });
    await timeCalls();
    const logs = (await core.handlers['health.check']({})).checks.find((check) => check.id === 'logs')!;
    const dropped = Number(logs.detail.params?.['dropped']);
    expect(dropped).toBeGreaterThanOrEqual(2 * (calls - 5));
    const receiver = await startSyslogReceiver({ port });
    receivers.push(receiver);
    const said = await waitFor(() => receiver.messages.find((m) => m.msgId === 'logs.syslog-dropped'), 5_000);
    // Every line dropped since the last connection (both collectors were down since the start).
    // (A status line or two may have been dropped since the check too.)
    const { params } = JSON.parse(said.msg) as { params: { lines: number } };
    expect(params.lines).toBeGreaterThanOrEqual(dropped);
    const after = (await core.handlers['health.check']({})).checks.find((check) => check.id === 'logs')!;
    expect(after).toMatchObject({ ok: true, detail: { key: 'health.syslog-connected' } });
    expect(Number(after.detail.params?.['dropped'])).toBe(params.lines);
  });

  it('the fleet’s policy sets and locks it: lines go out from the start, and Settings cannot turn it off', async () => {
    const receiver = await startSyslogReceiver();
    receivers.push(receiver);
    const core = await openCore(undefined, { settings: sendTo(receiver.port), locked: ['syslog'] });
    await waitFor(() => (receiver.messages.some((m) => m.msgId === 'core.started') ? true : undefined));
    const off = await core.handlers['settings.save']({ settings: { syslog: { ...sendTo(1).syslog, enabled: false } } })
      .then(() => 'saved')
      .catch((error: { code?: string }) => error.code);
    expect(off).toBe('settings.locked');
    await refusedCall(core);
    await waitFor(() => (receiver.messages.some((m) => m.msg.includes('"channel":"payments.get"')) ? true : undefined));
  });

  it('is off by default: health.check says the lines stay on the till', async () => {
    const core = await openCore();
    const logs = (await core.handlers['health.check']({})).checks.find((check) => check.id === 'logs');
    expect(logs).toMatchObject({ ok: true, detail: { key: 'health.syslog-off' } });
  });
});
