import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { logsFolderOf, openLogFile } from '../core/logging/log-file.ts';
import { createPaymentModule } from '../core/payments/payment-service.ts';
import { systemPolicySource } from '../core/policy/policy-path.ts';
import { DevelopmentFileVault } from '../core/settings/development-file-vault.ts';
import { openInBrowser, planBrowserOpening, remoteAccessHint } from './open-browser.ts';
import { createWebCore } from './web-core.ts';
import { startWebHost } from './web-host.ts';

// `npm run preview`: the whole app in a browser, without Electron. Starts the core (embedded sandbox in
// demo mode) and the web host, prints the URL with its per-launch token and the sandbox's address, and
// opens the browser (on a machine without a display: how to reach it through an SSH tunnel). Secrets go to a plain-text DEVELOPMENT vault in the data directory: preview only.
//
// When ready it prints one machine-readable line (tests and scripts wait for it):
//   preview ready url=http://127.0.0.1:PORT/#token=… sandbox=http://127.0.0.1:PORT|none

const ROOT = resolve(import.meta.dirname, '..', '..');

const USAGE = `Usage: npm run preview -- [options]
  --port N            web host port (default 0: any free port)
  --sandbox-port N    embedded sandbox port (default 0: any free port)
  --data-dir DIR      settings, development vault and journal (default .data/preview)
  --renderer-dir DIR  built renderer to serve (default dist/renderer)
  --policy FILE       a fleet policy file to try (the system's policy, /etc/wallet-pos/policy.json on
                      Linux, wins over it when there is one; a packaged app ignores --policy)
  --no-open           do not open the browser
  --polling-only      no payment notifications (webhooks), even from the demo provider: every status change
                      is found by polling, as on a till behind NAT (benches measure this path)
  --help              this text`;

function portOption(value: string | undefined, name: string): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${name} must be a port number (0-65535), got "${value}"`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'sandbox-port': { type: 'string' },
      'data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
      policy: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      'polling-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = portOption(values.port, '--port');
  const sandboxPort = portOption(values['sandbox-port'], '--sandbox-port');
  const dataDir = resolve(values['data-dir'] ?? join(ROOT, '.data', 'preview'));
  const rendererDir = resolve(values['renderer-dir'] ?? join(ROOT, 'dist', 'renderer'));
  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.error(
      `Warning: ${rendererDir}/index.html not found. Build the renderer first: npx vite build --mode web (npm run preview does it).`,
    );
  }
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

  // The web host's own log beside the core's (core/logging/): the preview is the web host's process.
  const webLog = await openLogFile({ folder: logsFolderOf(dataDir), name: 'web' });
  // The web host starts after the core (it serves the core); Settings asks for its port only later.
  let hostPort: number | null = null;
  const { core, consent } = await createWebCore({
    dataDir,
    // A listener that cannot listen is printed as before, and written to the core's log.
    log: (line) => console.warn(line),
    vault: new DevelopmentFileVault(join(dataDir, 'secrets.development.json')),
    version,
    sandbox: { port: sandboxPort },
    transportPort: () => hostPort,
    // The system's policy wins over --policy (core/policy/policy-read.ts).
    systemPolicy: systemPolicySource(process.platform),
    policyFile: values.policy ? resolve(values.policy) : null,
    ...(values['polling-only'] ? { payments: createPaymentModule({ webhooks: false }) } : {}),
  });
  let host;
  try {
    host = await startWebHost({ core, consent, rendererDir, port, log: webLog });
    hostPort = host.port;
  } catch (error) {
    webLog.error('web', 'web.start-failed', { port, error });
    await core.close();
    await webLog.close();
    throw error;
  }
  const { sandboxBaseUrl } = await core.handlers['app.info']({});

  let stoppingSince: number | null = null;
  const stop = (): void => {
    // A second Ctrl+C: do not wait any longer. Not the echo of the first: the settings file's library (conf, through
    // atomically's when-exit) sends the process the same signal again once its own exit hook ran, within
    // milliseconds; a person's second press comes later than that.
    if (stoppingSince !== null) {
      if (Date.now() - stoppingSince > 1_000) process.exit(1);
      return;
    }
    stoppingSince = Date.now();
    void host
      .close()
      .then(() => core.close())
      .then(() => webLog.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Preview did not shut down cleanly:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  console.log(`Wallet POS preview — data in ${dataDir} (development vault: secrets stored in plain text)`);
  console.log(
    sandboxBaseUrl
      ? `Embedded sandbox (demo provider): ${sandboxBaseUrl}`
      : 'Provider: as configured in Settings (not the embedded sandbox)',
  );
  console.log(`Open the app: ${host.url}`);
  console.log(`preview ready url=${host.url} sandbox=${sandboxBaseUrl ?? 'none'}`);
  if (!values['no-open']) await openOrExplain(host.url);
}

async function openOrExplain(url: string): Promise<void> {
  const opening = planBrowserOpening(url, process.platform, process.env);
  if (opening.kind === 'open' && (await openInBrowser(opening))) return;
  const why = opening.kind === 'no-display' ? opening.why : `${opening.command} could not be started`;
  for (const line of remoteAccessHint(url, why)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(`Preview could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
