import { publishCoin } from '@app/protocol/calls/consignment';
import { gameTokenLogin } from '@app/protocol/calls/game';
import { h5sdkOrderPlace } from '@app/protocol/calls/orders';
import { wapAlipay } from '@app/protocol/calls/pay';
import { callPath } from '@app/protocol/contract';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseWatchOf } from '../src/platform/db/statement-timings';
import { tracingOf } from '../src/platform/tracing/tracing';
import {
  createTestApp,
  createTestClient,
  demoGameLogin,
  expectCode,
  sdkPlayer,
  type TestApp,
  type TestClient,
} from './helpers';

/**
 * Issue 35 item 2 (decision 0060): one trace per request, through the statements, Redis and the
 * partner API client, with the call's name and the order number; nothing at all when tracing is off.
 */
const exporter = new InMemorySpanExporter();
const partnerCalls: Array<{ path: string; headers: Readonly<Record<string, string>> }> = [];
let t: TestApp;
let sdk: TestClient;
let h5: TestClient;
beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    spanExporter: exporter,
    partnerCalls: (path, headers) => partnerCalls.push({ path, headers }),
  });
  sdk = await createTestClient(t.app, 'H5SDK');
  h5 = await createTestClient(t.app, 'H5');
});
afterAll(() => t.close());

const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const traceOf = (span: ReadableSpan) => span.spanContext().traceId;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('an order placed inside the game, traced', () => {
  let seller: Awaited<ReturnType<typeof sdkPlayer>>;
  let buyer: Awaited<ReturnType<typeof sdkPlayer>>;
  let commodityId: string;
  beforeAll(async () => {
    seller = await sdkPlayer(t, sdk, 'player1', '1391000');
    buyer = await sdkPlayer(t, sdk, 'buyer1', '1391000');
    const lot = await sdk.call(
      publishCoin,
      { ...seller.pt, coinType: 2, coinNum: 10_000, price: 3_000 },
      { token: seller.token },
    );
    expectCode(lot, '200');
    commodityId = (lot.data as { commodityId: string }).commodityId;
  });

  let order: { orderId: string; orderNo: string; totalAmount: number };
  it('one trace: the call span, its statements and its partner call under it, the order number on it', async () => {
    exporter.reset();
    partnerCalls.length = 0;
    const requestKey = 'traced-place-7c41';
    const placed = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, commodityId, requestKey, agreement: true },
      { token: buyer.token },
    );
    expectCode(placed, '200');
    order = placed.data as typeof order;

    const spans = exporter.getFinishedSpans();
    const requests = spans.filter((s) => s.kind === SpanKind.SERVER);
    expect(requests.map((s) => s.name)).toEqual([h5sdkOrderPlace.operationId]);
    const request = requests[0] as ReadableSpan;
    expect(request.attributes).toMatchObject({
      'app.call': h5sdkOrderPlace.operationId,
      'http.request.method': 'POST',
      'http.route': callPath(h5sdkOrderPlace),
      'http.response.status_code': 200,
      'order.id': order.orderId,
      'order.no': order.orderNo,
    });
    expect(parentOf(request)).toBeUndefined();
    expect(request.status.code).not.toBe(SpanStatusCode.ERROR);
    // Every span of the request is in its trace, a child of its span, and inside its time.
    const rest = spans.filter((s) => s !== request);
    expect(rest.length).toBeGreaterThan(0);
    for (const span of rest) {
      expect(traceOf(span)).toBe(traceOf(request));
      expect(parentOf(span), span.name).toBe(idOf(request));
    }

    const statements = rest.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThanOrEqual(1);
    const texts = statements.map((s) => String(s.attributes['db.query.text']));
    // The session, the listing: each statement the placement sent is there, named by its SQL.
    expect(texts.some((text) => text.includes('from "sessions"'))).toBe(true);
    expect(texts.some((text) => text.includes('"commodities"'))).toBe(true);
    // Parameters stay `$n`: the request key the placement wrote is in no statement's text.
    for (const text of texts) expect(text).not.toContain(requestKey);
    for (const span of statements) {
      expect(span.kind).toBe(SpanKind.CLIENT);
      expect(span.name).toBe(`db ${span.attributes['db.operation.name']}`);
    }

    // The game's token verified: a client span, and the game saw its traceparent beside the signature.
    const verify = rest.find((s) => s.name === 'partner /token/verify');
    expect(verify?.attributes).toMatchObject({
      'partner.game': buyer.pt.gameId,
      'partner.path': '/token/verify',
      'partner.outcome': 'ok',
    });
    const seen = partnerCalls.find((c) => c.path.endsWith('/token/verify'));
    expect(seen?.headers.traceparent).toBe(`00-${traceOf(request)}-${idOf(verify as ReadableSpan)}-01`);
    expect(seen?.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the cashier’s call carries the bizNo, in a trace of its own', async () => {
    exporter.reset();
    const pay = await h5.call(
      wapAlipay,
      { bizNo: order.orderId, totalAmount: order.totalAmount, payPrice: order.totalAmount },
      { token: buyer.token },
    );
    expectCode(pay, '200');
    const request = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER);
    expect(request?.name).toBe(wapAlipay.operationId);
    expect(request?.attributes['payment.biz_no']).toBe(order.orderId);
  });

  it('a refused call is a request span with the envelope code; a partner refusal fails its span', async () => {
    exporter.reset();
    const refused = await sdk.call(
      h5sdkOrderPlace,
      { ...buyer.pt, gameToken: 'not-a-token', commodityId, requestKey: 'traced-refused', agreement: true },
      { token: buyer.token },
    );
    expect(refused.code).not.toBe('200');
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.kind === SpanKind.SERVER);
    expect(request?.attributes['app.code']).toBe(refused.code);
    const verify = spans.find((s) => s.name === 'partner /token/verify');
    expect(verify?.status.code).toBe(SpanStatusCode.ERROR);
    expect(verify?.attributes['partner.outcome']).toMatch(/^TOKEN_/);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('Redis commands in a traced request', () => {
  it('the nonce claim of a signed call is a child span of its request, its key not recorded', async () => {
    const spans = new InMemorySpanExporter();
    const app = await createTestApp(
      { REDIS_URL: redisUrl as string, REDIS_PREFIX: `traces${Date.now()}:` },
      undefined,
      {
        spanExporter: spans,
      },
    );
    try {
      const client = await app.client('H5SDK');
      const login = await demoGameLogin(app, 'player2');
      spans.reset();
      const pt = { gameId: login.gameId, gameToken: login.gameToken, serverId: login.serverId };
      expectCode(await client.call(gameTokenLogin, pt), '200');
      const finished = spans.getFinishedSpans();
      const request = finished.find((s) => s.kind === SpanKind.SERVER) as ReadableSpan;
      expect(request.name).toBe(gameTokenLogin.operationId);
      const commands = finished.filter((s) => s.attributes['db.system.name'] === 'redis');
      expect(commands.map((s) => s.name)).toContain('redis set');
      for (const span of commands) {
        expect(parentOf(span)).toBe(idOf(request));
        expect(Object.keys(span.attributes).sort()).toEqual(['db.operation.name', 'db.system.name']);
      }
    } finally {
      await app.close();
    }
  });
});

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT, the default)', () => {
  it('makes no provider and no span: no statement listener, no traceparent to the game', async () => {
    const seen: Array<Readonly<Record<string, string>>> = [];
    const off = await createTestApp({}, undefined, { partnerCalls: (_path, headers) => seen.push(headers) });
    try {
      expect(tracingOf(off.app)).toBeUndefined();
      expect(databaseWatchOf(off.db)?.traced).toBeNull();
      exporter.reset();
      const login = await demoGameLogin(off, 'player3');
      const client = await off.client('H5SDK');
      const pt = { gameId: login.gameId, gameToken: login.gameToken, serverId: login.serverId };
      expectCode(await client.call(gameTokenLogin, pt), '200');
      expect(seen.length).toBeGreaterThan(0);
      for (const headers of seen) {
        expect(headers['x-signature']).toBeDefined();
        expect(headers.traceparent).toBeUndefined();
      }
      // The traced app of this process heard nothing of the other app's requests (providers per app).
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
