import type { ControlHandler, SandboxArea } from './area.ts';
import { WIRE_SHAPES, type SandboxContext, type SandboxSettings, type WireShape } from './context.ts';
import { parseFaultPatch } from './faults.ts';
import { ApiError, jsonReply, type Route } from './http.ts';
import type { RequestLog } from './request-log.ts';
import type { WebhookDispatcher } from './webhooks.ts';

// The sandbox's own control API under `/_sandbox` (no auth; this computer only and never a web page: control-guard.ts):
// fault switches, tunable timings, reset, the webhook delivery log, plus the routes each area contributes
// (for in-store: act as the consumer, mint consumer codes, read orders).

export const CONTROL_BASE_PATH = '/_sandbox';

/** Limits that keep a typo from freezing a demo: abandon within a week at most, capture within 10 minutes, holds within 30 days. */
type TimingSetting = 'abandonAfterMs' | 'confirmDelayMs' | 'preAuthTtlMs';
type ShapeSetting = Exclude<keyof SandboxSettings, TimingSetting>;
const SHAPE_SETTINGS: readonly ShapeSetting[] = ['tokenizedErrorShape', 'orderWebhookShape'];

const SETTING_LIMITS: Record<TimingSetting, { min: number; max: number }> = {
  abandonAfterMs: { min: 1, max: 7 * 24 * 60 * 60 * 1000 },
  confirmDelayMs: { min: 0, max: 10 * 60 * 1000 },
  preAuthTtlMs: { min: 1, max: 30 * 24 * 60 * 60 * 1000 },
};

export interface ControlDeps {
  readonly ctx: SandboxContext;
  readonly areas: readonly SandboxArea[];
  readonly webhooks: WebhookDispatcher;
  readonly requests: RequestLog;
  readonly reset: () => void;
}

export function controlRoutes(deps: ControlDeps): Route<ControlHandler>[] {
  const { ctx, webhooks } = deps;
  const own: Route<ControlHandler>[] = [
    { method: 'GET', pattern: '/faults', handler: () => jsonReply(ctx.faults.current) },
    {
      method: 'POST',
      pattern: '/faults',
      handler: ({ body }) => {
        const patch = parseFaultPatch(body);
        if (typeof patch === 'string') throw new ApiError(400, patch);
        ctx.faults.apply(patch);
        ctx.log(`faults set: ${JSON.stringify(ctx.faults.current)}`);
        return jsonReply(ctx.faults.current);
      },
    },
    {
      method: 'DELETE',
      pattern: '/faults',
      handler: () => {
        ctx.faults.clear();
        ctx.log('faults cleared');
        return jsonReply(ctx.faults.current);
      },
    },
    { method: 'GET', pattern: '/settings', handler: () => jsonReply({ ...ctx.settings, seed: ctx.ids.seed }) },
    {
      method: 'POST',
      pattern: '/settings',
      handler: ({ body }) => {
        const patch = parseSettings(body);
        Object.assign(ctx.settings, patch);
        ctx.log(`settings: ${JSON.stringify(ctx.settings)}`);
        return jsonReply({ ...ctx.settings, seed: ctx.ids.seed });
      },
    },
    {
      method: 'POST',
      pattern: '/reset',
      handler: () => {
        deps.reset();
        return jsonReply({ reset: true, settings: ctx.settings, faults: ctx.faults.current });
      },
    },
    { method: 'GET', pattern: '/webhooks', handler: () => jsonReply({ deliveries: webhooks.list() }) },
    {
      method: 'GET',
      pattern: '/requests',
      handler: ({ query }) => {
        const since = Number(query.get('since') ?? 0);
        if (!Number.isFinite(since)) throw new ApiError(400, 'since must be epoch milliseconds.');
        return jsonReply(deps.requests.since(since));
      },
    },
  ];
  const all = [...own, ...deps.areas.flatMap((area) => area.controlRoutes)];
  const index: Route<ControlHandler> = {
    method: 'GET',
    pattern: '',
    handler: () => jsonReply({ routes: all.map((r) => `${r.method} ${CONTROL_BASE_PATH}${r.pattern}`) }),
  };
  return [index, { ...index, pattern: '/' }, ...all];
}

function parseSettings(body: Record<string, unknown>): Partial<SandboxSettings> {
  const patch: Partial<SandboxSettings> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((SHAPE_SETTINGS as readonly string[]).includes(key)) {
      if (!(WIRE_SHAPES as readonly unknown[]).includes(value))
        throw new ApiError(400, `${key} must be one of ${WIRE_SHAPES.join(', ')}.`);
      patch[key as ShapeSetting] = value as WireShape;
      continue;
    }
    if (!Object.hasOwn(SETTING_LIMITS, key)) throw new ApiError(400, `Unknown setting "${key}".`);
    const { min, max } = SETTING_LIMITS[key as TimingSetting];
    if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
      throw new ApiError(400, `${key} must be an integer from ${min} to ${max} (milliseconds).`);
    }
    patch[key as TimingSetting] = value as number;
  }
  return patch;
}
