import { describe, expect, it } from 'vitest';
import { notice, noticeInEnglish } from '../../../shared/notices.ts';
import { auditExchange, type ExchangeAuditEntry } from './exchange-audit.ts';
import type { HttpExchange } from './exchange.ts';

const EXCHANGE: HttpExchange = {
  operation: 'create',
  method: 'POST',
  url: 'https://provider.example/v1/instore/order/create',
  date: '2025-01-01T00:00:00.000Z',
  idempotencyKey: '3b241101-e2bb-4255-8caf-4136c566a962',
  requestBody: '{"referenceId":"R1","consumerQrPayload":"QR"}',
  status: 200,
  responseBody: '{"status":"PENDING"}',
  error: null,
  startedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 42,
  attempt: 1,
};

function audited(exchange: HttpExchange): ExchangeAuditEntry[] {
  const entries: ExchangeAuditEntry[] = [];
  auditExchange((entry) => entries.push(entry), exchange, { routinePoll: 'status' });
  return entries;
}

describe('auditExchange', () => {
  it('hands the sink one entry with the bodies parsed back, so the journal can redact by key', () => {
    const attempt = notice('event.http-attempt', {
      operation: 'create',
      attempt: 1,
      outcome: 'HTTP 200',
      durationMs: 42,
    });
    expect(audited(EXCHANGE)).toEqual([
      {
        kind: 'response',
        notice: attempt,
        // The English, for the customer journal, which keeps no notices.
        summary: noticeInEnglish(attempt),
        data: {
          method: 'POST',
          url: EXCHANGE.url,
          date: EXCHANGE.date,
          idempotencyKey: EXCHANGE.idempotencyKey,
          request: { referenceId: 'R1', consumerQrPayload: 'QR' },
          status: 200,
          response: { status: 'PENDING' },
          error: null,
          startedAt: EXCHANGE.startedAt,
          durationMs: 42,
        },
      },
    ]);
  });

  it('names the error and its network code, and keeps a body that is not JSON as text', () => {
    const error = { code: 'network.unreachable' as const, message: 'dropped', networkCode: 'ECONNRESET' };
    const [entry] = audited({ ...EXCHANGE, status: null, responseBody: null, error, requestBody: '', attempt: 2 });
    expect(entry).toMatchObject({
      kind: 'error',
      notice: notice('event.http-attempt', {
        operation: 'create',
        attempt: 2,
        outcome: 'network.unreachable (ECONNRESET)',
        durationMs: 42,
      }),
      data: { request: null, response: null, error },
    });
    const [html] = audited({
      ...EXCHANGE,
      status: 502,
      responseBody: '<html>Bad gateway</html>',
      error: { code: 'provider.unavailable', message: 'x', networkCode: null },
    });
    expect(html).toMatchObject({
      notice: { key: 'event.http-attempt', params: { outcome: 'provider.unavailable' } },
      data: { response: '<html>Bad gateway</html>' },
    });
  });

  it('leaves out successful routine polls, but keeps the failed ones', () => {
    expect(audited({ ...EXCHANGE, operation: 'status', method: 'GET' })).toEqual([]);
    const failed = audited({
      ...EXCHANGE,
      operation: 'status',
      status: 503,
      error: { code: 'provider.unavailable', message: 'x', networkCode: null },
    });
    expect(failed).toHaveLength(1);
  });
});
