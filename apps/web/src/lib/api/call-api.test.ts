import { checkVersion } from '@app/protocol/calls/system';
import { userInfo } from '@app/protocol/calls/user';
import {
  EnvelopeError,
  generateKeyPem,
  issueKeyTicket,
  loadServerKey,
  openEnvelopeV2,
  openTicketed,
  sealDataV2,
  stripEnvelopeFields,
  verifySigned,
} from '@app/protocol/codec/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ModalSpec, modalChannel, toastChannel } from '../ui-bus';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { callApi } from './call-api';
import { forgetKeys } from './keys';

// Posts held for a listener by another test file in this worker are not this file's.
beforeEach(() => {
  modalChannel.drop();
  toastChannel.drop();
});

/**
 * The request layer against a server made of the protocol's own server codec: every call, the
 * public reads included, goes out in codec version 2 and its answer is opened with its own key.
 */
const key = loadServerKey('k1', generateKeyPem());
const signSecret = 'web-test-secret';
const seen: Array<{ url: string; method: string; fields: string[]; params: Record<string, unknown> }> = [];
/** The fake server's key tickets (it issues one to a request that asks, as PROTOCOL.md says). */
const tickets = new Map<string, string>();

function fakeServer(answer: (params: Record<string, unknown>) => { code: string; msg?: string; data?: unknown }) {
  return vi.fn(async (url: string, init: RequestInit = {}) => {
    const json = (body: unknown) => ({ json: async () => body });
    if (url.includes('clientConfig'))
      return json({ code: '200', data: { rsaPublicKey: key.publicKeyPem, signSecret, keyId: 'k1', env: 'local' } });
    const method = init.method ?? 'GET';
    const fields: Record<string, string> =
      method === 'GET' ? Object.fromEntries(new URL(url, 'http://x').searchParams) : JSON.parse(String(init.body));
    const sealed = method === 'GET' ? fields.encryptParams : fields.encryptData;
    try {
      const ticket = fields.keyTicket;
      const record = ticket === undefined ? undefined : tickets.get(ticket);
      if (ticket !== undefined && !record) throw new EnvelopeError('ticket');
      const opened =
        ticket !== undefined && record
          ? openTicketed([key], ticket, record, sealed as string)
          : openEnvelopeV2([key], fields.encryptKey as string, sealed as string);
      verifySigned(opened.params, { secret: signSecret, nowSeconds: Math.floor(Date.now() / 1000) });
      const params = stripEnvelopeFields(opened.params);
      seen.push({ url, method, fields: Object.keys(fields).sort(), params });
      const { code, msg = 'success', data = null } = answer(params);
      if (code !== '200') return json({ code, msg, data });
      const sealedData = sealDataV2(opened.answerKey, data);
      const wants = ticket === undefined && (init.headers as Record<string, string>)['X-Key-Ticket'] === 'want';
      const issued = wants ? issueKeyTicket(opened.key, opened.answerKey) : null;
      if (issued) tickets.set(issued.ticket, issued.record);
      return json({
        code,
        msg,
        data: method === 'GET' ? { data: sealedData } : sealedData,
        cipher: 'A256GCM',
        ...(issued ? { keyTicket: issued.ticket, ticketTtl: 600 } : {}),
      });
    } catch (error) {
      if (error instanceof EnvelopeError) return json({ code: '10001', msg: '请求无效，请刷新页面后重试', data: null });
      throw error;
    }
  });
}

/** The browser's local storage, here with a session unless a test takes it away. */
function memoryStorage(entries: Record<string, string>): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map(Object.entries(entries));
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

beforeEach(() => {
  seen.length = 0;
  tickets.clear();
  forgetKeys();
  vi.stubGlobal('location', { pathname: '/h5/pages/index/index', search: '', assign: vi.fn() });
  vi.stubGlobal('localStorage', memoryStorage({ token: 'session-token' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the request layer speaks codec version 2', () => {
  it('seals a public GET read and a POST, and opens each answer (the POST under the GET’s key ticket)', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer((params) => ({ code: '200', data: { echo: params } })),
    );
    const read = await callApi(userInfo, {});
    expect(read).toEqual({ echo: {} });
    const posted = await callApi(checkVersion, { appVersion: '1.2.3' });
    expect(posted).toEqual({ echo: { appVersion: '1.2.3' } });
    expect(seen.map((s) => [s.method, s.fields])).toEqual([
      ['GET', ['encryptKey', 'encryptParams']],
      ['POST', ['encryptData', 'keyTicket']],
    ]);
  });

  it('reacts to a refusal with the catalogue (loaded with the first refusal) and throws its ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer(() => ({ code: '20118', msg: '登录已过期，请重新登录' })),
    );
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    const error = await callApi(userInfo, {}).catch((e: unknown) => e);
    off();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('20118');
    expect(shown.map((m) => m.id)).toEqual(['expiredLogin']);
  });

  it('shows the uniform refusal of a request the server could not open, and bootstraps the keys again', async () => {
    const server = fakeServer(() => ({ code: '200', data: 1 }));
    // Keys of another server first: it cannot unwrap K and answers the uniform refusal.
    const other = loadServerKey('k2', generateKeyPem());
    let configs = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.includes('clientConfig')) return server(url, init);
        configs += 1;
        const rsaPublicKey = configs === 1 ? other.publicKeyPem : key.publicKeyPem;
        return { json: async () => ({ code: '200', data: { rsaPublicKey, signSecret, keyId: 'k1' } }) };
      }),
    );
    const toasts: string[] = [];
    const off = toastChannel.on((t) => toasts.push(t.text));
    const error = await callApi(checkVersion, {}).catch((e: unknown) => e);
    off();
    expect((error as ApiError).code).toBe('10001');
    expect(toasts).toEqual(['请求无效，请刷新页面后重试']);
    expect(seen).toHaveLength(0);
    await expect(callApi(checkVersion, {})).resolves.toBe(1);
    expect(configs).toBe(2);
  });
});

describe('key tickets (PROTOCOL.md "Version 2 with a key ticket")', () => {
  it('the first call asks for a ticket, the next ones send it instead of encryptKey', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer((params) => ({ code: '200', data: { echo: params } })),
    );
    await expect(callApi(checkVersion, { appVersion: '1' })).resolves.toEqual({ echo: { appVersion: '1' } });
    await expect(callApi(userInfo, {})).resolves.toEqual({ echo: {} });
    await expect(callApi(checkVersion, { appVersion: '2' })).resolves.toEqual({ echo: { appVersion: '2' } });
    expect(seen.map((s) => [s.method, s.fields])).toEqual([
      ['POST', ['encryptData', 'encryptKey']],
      ['GET', ['encryptParams', 'keyTicket']],
      ['POST', ['encryptData', 'keyTicket']],
    ]);
    expect(tickets.size).toBe(1);
  });

  it('a ticket the server no longer knows: the call goes once more as plain version 2, and the player sees nothing', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer(() => ({ code: '200', data: 7 })),
    );
    await callApi(checkVersion, {});
    tickets.clear(); // a restart without shared storage
    const toasts: string[] = [];
    const off = toastChannel.on((t) => toasts.push(t.text));
    await expect(callApi(checkVersion, {})).resolves.toBe(7);
    off();
    expect(toasts).toEqual([]);
    // The refused ticketed request never reached a handler; the retry asked for and got a new ticket.
    expect(seen.map((s) => s.fields)).toEqual([
      ['encryptData', 'encryptKey'],
      ['encryptData', 'encryptKey'],
    ]);
    expect(tickets.size).toBe(1);
    await callApi(checkVersion, {});
    expect(seen.at(-1)?.fields).toEqual(['encryptData', 'keyTicket']);
  });
});

describe('a call that needs a session, from a visitor who has none', () => {
  it('is not sent; he is asked to log in (请先登录, never 登录超时) and comes back to the page afterwards', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/h5/pages/orderNew/orderList/orderList', search: '?tab=1', assign });
    vi.stubGlobal('localStorage', memoryStorage({}));
    const server = fakeServer(() => ({ code: '50000', msg: '登录超时，请重新登录' }));
    vi.stubGlobal('fetch', server);
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    const error = await callApi(userInfo, {}).catch((e: unknown) => e);
    // A caller that shows refusals itself gets the same answer without the modal.
    const quiet = await callApi(userInfo, {}, { catchError: true }).catch((e: unknown) => e);
    off();
    expect(server).not.toHaveBeenCalled();
    expect([(error as ApiError).code, (error as ApiError).message]).toEqual(['50000', '请先登录']);
    expect((quiet as ApiError).code).toBe('50000');
    expect(shown.map((m) => [m.id, m.content, m.buttons.map((b) => b.text)])).toEqual([
      ['loginFirst', '请先登录', ['取消', '去登录']],
    ]);
    shown[0]?.buttons[1]?.onClick?.();
    expect(assign).toHaveBeenCalledWith(
      `/h5/pages/login/login?fromPage=${encodeURIComponent('/h5/pages/orderNew/orderList/orderList?tab=1')}`,
    );
  });

  it("in a game's view the call still goes out (the game's login brings the session, maybe later)", async () => {
    vi.stubGlobal('location', { pathname: '/h5sdk/pages/commodityList/list', search: '', assign: vi.fn() });
    vi.stubGlobal('localStorage', memoryStorage({}));
    vi.stubGlobal(
      'fetch',
      fakeServer(() => ({ code: '200', data: 'ok' })),
    );
    await expect(callApi(userInfo, {})).resolves.toBe('ok');
    expect(seen).toHaveLength(1);
  });
});

describe('the bootstrap (clientConfig)', () => {
  it('gives up after 60 s and shows 网络异常, as any request would', async () => {
    vi.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(
          (_url: string, init: RequestInit = {}) =>
            new Promise((_resolve, reject) => {
              signals.push(init.signal as AbortSignal);
              init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
            }),
        ),
      );
      const toasts: string[] = [];
      const off = toastChannel.on((t) => toasts.push(t.text));
      const call = callApi(checkVersion, {}).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(59_000);
      expect(signals[0]?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      const error = await call;
      off();
      expect(signals[0]?.aborted).toBe(true);
      expect((error as ApiError).code).toBe(NETWORK_ERROR_CODE);
      expect(toasts).toEqual(['网络异常']);
    } finally {
      vi.useRealTimers();
    }
  });
});
