import { parseArgs } from 'node:util';
import { COUNTRIES, type CountryCode } from '../../shared/money.ts';
import { WIRE_SHAPES, type WireShape } from './context.ts';
import { CONTROL_BASE_PATH } from './control.ts';
import { parseFaultPatch, type FaultPatch, type FaultSwitches } from './faults.ts';
import { HEADER_PREFIXES, type HeaderPrefix } from './headers.ts';
import { DEFAULT_AMOUNT_LIMITS, DEMO_CREDENTIALS, startSandbox } from './server.ts';

// Runs the embedded sandbox on its own:
//   npm run sandbox -- --port 8787 --access-key-id AK_DEMO --access-key-secret SK_DEMO --pos-id POS-DEMO-1 --country SG
// Prints one `sandbox ready …` line on stdout when it listens (scripts wait for it); request logs go to
// stderr unless --quiet. Stops cleanly on SIGINT/SIGTERM.

const USAGE = `Usage: npm run sandbox -- [options]
  --port N                 listen port (default 8787; 0 picks a free one)
  --host H                 listen address (default 127.0.0.1)
  --access-key-id ID       merchant access key id (default ${DEMO_CREDENTIALS.accessKeyId})
  --access-key-secret S    merchant secret (default ${DEMO_CREDENTIALS.accessKeySecret})
  --pos-id ID              terminal id; repeat for more (default ${DEMO_CREDENTIALS.posId})
  --country CC             ${COUNTRIES.join('|')} (default ${DEMO_CREDENTIALS.country})
  --merchant-name NAME     shown on the consumer pay page
  --other-merchant SPEC    one more merchant with its own credentials and terminals (repeatable):
                           ACCESS_KEY_ID:SECRET:POS_ID[,POS_ID…][:CC], e.g. AK_OTHER:SK_OTHER:POS-OTHER-1
                           (a terminal set up with one merchant's keys and another's posId is refused 401)
  --min-amount N           smallest order amount in minor units (default ${DEFAULT_AMOUNT_LIMITS.minAmountMinor})
  --max-amount N           largest order amount in minor units (default ${DEFAULT_AMOUNT_LIMITS.maxAmountMinor})
  --tokenized-error-shape S  tokenized refusals in the document's shape (default) or the live one: document|live
  --order-webhook-shape S  order-outcome webhooks in the document's shape (default) or the live one: document|live
  --header-prefix P        custom headers' prefix: ${HEADER_PREFIXES.join(" (the documents', default) or ")} (live)
  --seed N                 seed for ids and tokens (reproducible runs)
  --abandon-after-ms N     unpaid orders become ABANDONED after N ms (default 300000)
  --confirm-delay-ms N     PROCESSING → CAPTURED after N ms (default 1000)
  --public-origin URL      origin clients use when a proxy sits in front
  --quiet                  no request log on stderr
Fault switches on from the start (as POST /_sandbox/faults; reset comes back to them):
  --latency-ms N           wait N ms before handling each provider API request
  --fail-5xx-next N        the next N requests answer 503 without acting
  --reset-next N           the next N requests lose their connection before anything is done
  --drop-after-act-next N  the next N requests act, then the connection is dropped without an answer
  --delay-after-act-ms N   act, then wait N ms before answering
  --clock-offset-ms N      the sandbox clock runs N ms ahead (behind: --clock-offset-ms=-N)
  --webhook-duplicates     every webhook is delivered twice
  --webhook-delay-ms N     every webhook delivery attempt leaves N ms later
  --fault-path TEXT        request faults hit only paths containing TEXT (e.g. /refund)`;

/** Fault flag → fault switch; values go through parseFaultPatch, the control API's own check. */
const FAULT_FLAGS = {
  'latency-ms': 'latencyMs',
  'fail-5xx-next': 'fail5xxNext',
  'reset-next': 'resetNext',
  'drop-after-act-next': 'dropAfterActNext',
  'delay-after-act-ms': 'delayAfterActMs',
  'clock-offset-ms': 'clockOffsetMs',
  'webhook-duplicates': 'webhookDuplicates',
  'webhook-delay-ms': 'webhookDelayMs',
  'fault-path': 'path',
} as const satisfies Record<string, keyof FaultSwitches>;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function integer(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) fail(`--${name} must be an integer ≥ ${min}, got "${text}"`);
  return value;
}

/**
 * The fault flags as a patch. Whole-number texts become numbers and everything else stays text, so that
 * parseFaultPatch (not a second set of rules here) refuses "abc", "1.5" or "1e3" with its own message.
 */
function faultPatch(flags: Record<string, string | boolean | string[] | undefined>): FaultPatch {
  const patch: FaultPatch = {};
  for (const [flag, key] of Object.entries(FAULT_FLAGS)) {
    const raw = flags[flag];
    if (raw === undefined) continue;
    const value = typeof raw === 'string' && key !== 'path' && /^[+-]?\d+$/.test(raw) ? Number(raw) : raw;
    const checked = parseFaultPatch({ [key]: value });
    if (typeof checked === 'string') fail(`--${flag}: ${checked}`);
    Object.assign(patch, checked);
  }
  return patch;
}

/** --other-merchant ACCESS_KEY_ID:SECRET:POS_ID[,POS_ID…][:CC] → a sandbox merchant (the server checks clashes). */
function otherMerchant(spec: string, index: number, defaultCountry: CountryCode) {
  const [accessKeyId = '', accessKeySecret = '', posIds = '', countryText] = spec.split(':');
  const terminals = posIds
    .split(',')
    .map((posId) => posId.trim())
    .filter((posId) => posId !== '');
  if (accessKeyId === '' || accessKeySecret === '' || terminals.length === 0) {
    fail(`--other-merchant must be ACCESS_KEY_ID:SECRET:POS_ID[,POS_ID…][:CC], got "${spec}"`);
  }
  const country = (countryText ?? defaultCountry).toUpperCase();
  if (!(COUNTRIES as readonly string[]).includes(country))
    fail(`--other-merchant: country must be one of ${COUNTRIES.join(', ')}, got "${countryText}"`);
  return {
    name: `Other merchant ${index + 1}`,
    accessKeyId,
    accessKeySecret,
    country: country as CountryCode,
    posIds: terminals,
  };
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'access-key-id': { type: 'string' },
        'access-key-secret': { type: 'string' },
        'pos-id': { type: 'string', multiple: true },
        country: { type: 'string' },
        'merchant-name': { type: 'string' },
        'other-merchant': { type: 'string', multiple: true },
        'min-amount': { type: 'string' },
        'max-amount': { type: 'string' },
        'header-prefix': { type: 'string' },
        'tokenized-error-shape': { type: 'string' },
        'order-webhook-shape': { type: 'string' },
        seed: { type: 'string' },
        'abandon-after-ms': { type: 'string' },
        'confirm-delay-ms': { type: 'string' },
        'public-origin': { type: 'string' },
        'latency-ms': { type: 'string' },
        'fail-5xx-next': { type: 'string' },
        'reset-next': { type: 'string' },
        'drop-after-act-next': { type: 'string' },
        'delay-after-act-ms': { type: 'string' },
        'clock-offset-ms': { type: 'string' },
        'webhook-duplicates': { type: 'boolean' },
        'webhook-delay-ms': { type: 'string' },
        'fault-path': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const flags = parsed.values;
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const country = (flags.country ?? DEMO_CREDENTIALS.country).toUpperCase();
  if (!(COUNTRIES as readonly string[]).includes(country)) fail(`--country must be one of ${COUNTRIES.join(', ')}`);
  const faults = faultPatch(flags);
  const others = (flags['other-merchant'] ?? []).map((spec, index) =>
    otherMerchant(spec, index, country as CountryCode),
  );
  const headerPrefix = flags['header-prefix'] ?? HEADER_PREFIXES[0];
  if (!(HEADER_PREFIXES as readonly string[]).includes(headerPrefix))
    fail(`--header-prefix must be one of ${HEADER_PREFIXES.join(', ')}`);
  const shape = (flag: 'tokenized-error-shape' | 'order-webhook-shape'): WireShape => {
    const value = flags[flag] ?? 'document';
    if (!(WIRE_SHAPES as readonly string[]).includes(value)) fail(`--${flag} must be one of ${WIRE_SHAPES.join(', ')}`);
    return value as WireShape;
  };

  const sandbox = await startSandbox({
    port: integer('port', flags.port, 0) ?? 8787,
    host: flags.host ?? '127.0.0.1',
    seed: integer('seed', flags.seed, 0),
    abandonAfterMs: integer('abandon-after-ms', flags['abandon-after-ms'], 1),
    confirmDelayMs: integer('confirm-delay-ms', flags['confirm-delay-ms'], 0),
    publicOrigin: flags['public-origin'],
    headerPrefix: headerPrefix as HeaderPrefix,
    tokenizedErrorShape: shape('tokenized-error-shape'),
    orderWebhookShape: shape('order-webhook-shape'),
    faults,
    merchants: [
      {
        name: flags['merchant-name'] ?? 'Demo Coffee Bar',
        accessKeyId: flags['access-key-id'] ?? DEMO_CREDENTIALS.accessKeyId,
        accessKeySecret: flags['access-key-secret'] ?? DEMO_CREDENTIALS.accessKeySecret,
        country: country as CountryCode,
        posIds: flags['pos-id'] ?? [DEMO_CREDENTIALS.posId],
        minAmountMinor: integer('min-amount', flags['min-amount'], 1) ?? DEFAULT_AMOUNT_LIMITS.minAmountMinor,
        maxAmountMinor: integer('max-amount', flags['max-amount'], 1) ?? DEFAULT_AMOUNT_LIMITS.maxAmountMinor,
      },
      ...others,
    ],
    log: flags.quiet ? undefined : (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stdout.write(
    `sandbox ready instore=${sandbox.instoreBaseUrl} tokenized=${sandbox.tokenizedBaseUrl} control=${sandbox.origin}${CONTROL_BASE_PATH} seed=${sandbox.seed}\n`,
  );

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox stopping (${signal})\n`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
