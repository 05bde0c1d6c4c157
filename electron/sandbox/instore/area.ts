import type { AreaTarget, ControlHandler, SandboxArea } from '../area.ts';
import type { SandboxContext } from '../context.ts';
import { errorReply, matchPath, type Exchange, type Reply, type Route } from '../http.ts';
import { IdempotencyStore } from '../idempotency.ts';
import type { WebhookDispatcher } from '../webhooks.ts';
import { instoreApiRoutes, runApiCall, type InstoreApiDeps } from './api.ts';
import { ConsumerCodes } from './consumer-codes.ts';
import { DEFAULT_DECLINE_REASON, instoreControlRoutes } from './control.ts';
import { notifyOrderChange } from './notifications.ts';
import { OrderBook } from './orders.ts';
import { payPage, seeOther } from './pay-page.ts';
import { PAY_PAGE_PATH } from './qr.ts';
import { INSTORE_BASE_PATH } from './wire.ts';

// The in-store API mounted at `/posi-sandbox`: provider endpoints under `/v1/instore/order/...` (faults
// apply), the consumer pay page under `/pay/<token>` (no faults: it is the consumer's phone, not the till's
// network), and the consumer-side control routes.

export class InstoreArea implements SandboxArea {
  readonly basePath = INSTORE_BASE_PATH;
  readonly controlRoutes: readonly Route<ControlHandler>[];
  readonly orders: OrderBook;
  readonly codes: ConsumerCodes;
  readonly idempotency: IdempotencyStore;
  readonly #ctx: SandboxContext;
  readonly #deps: InstoreApiDeps;
  readonly #apiRoutes: ReturnType<typeof instoreApiRoutes>;

  constructor(ctx: SandboxContext, webhooks: WebhookDispatcher) {
    this.#ctx = ctx;
    this.orders = new OrderBook(ctx, (order, event) => notifyOrderChange(ctx, webhooks, order, event));
    this.codes = new ConsumerCodes(ctx.ids, ctx.clock);
    this.idempotency = new IdempotencyStore(() => ctx.clock.now());
    const baseUrl = (): string => ctx.publicOrigin() + this.basePath;
    this.#deps = { ctx, orders: this.orders, codes: this.codes, idempotency: this.idempotency, baseUrl };
    this.#apiRoutes = instoreApiRoutes(this.#deps);
    this.controlRoutes = instoreControlRoutes(ctx, this.orders, this.codes, baseUrl);
  }

  route(ex: Exchange, path: string): AreaTarget | null {
    if (path.startsWith('/v1/')) return { api: true, run: () => runApiCall(this.#deps, this.#apiRoutes, ex, path) };
    if (path.startsWith(`${PAY_PAGE_PATH}/`)) return { api: false, run: async () => this.#payPage(ex, path) };
    return null;
  }

  sweep(): void {
    this.orders.sweep();
  }

  reset(): void {
    this.orders.clear();
    this.codes.clear();
    this.idempotency.clear();
  }

  #payPage(ex: Exchange, path: string): Reply {
    const traceId = (): string => this.#ctx.ids.traceId();
    const view = matchPath(`${PAY_PAGE_PATH}/:token`, path);
    const action = matchPath(`${PAY_PAGE_PATH}/:token/:action`, path);
    const token = view?.token ?? action?.token;
    const order = token ? this.orders.byPayToken(token) : null;
    if (!order) return errorReply(404, 'This payment link is not valid.', traceId());
    const pageUrl = `${this.basePath}${PAY_PAGE_PATH}/${order.payToken}`;
    if (view && ex.method === 'GET') {
      const merchant = this.#ctx.merchants.find((m) => m.accessKeyId === order.accessKeyId);
      return payPage(order, merchant?.name ?? 'Merchant', pageUrl);
    }
    if (action && ex.method === 'POST' && (action.action === 'pay' || action.action === 'decline')) {
      // A second tap on a page that is already settled just shows the result again.
      if (order.status === 'CREATED' || order.status === 'PENDING') {
        if (action.action === 'pay') this.orders.confirm(order);
        else this.orders.decline(order, DEFAULT_DECLINE_REASON);
      }
      return seeOther(pageUrl);
    }
    return errorReply(404, 'This payment link is not valid.', traceId());
  }
}
