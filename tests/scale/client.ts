import { type ClientCodec, createClientCodec } from '@app/protocol/codec/client';
import { type CallDef, type CallInput, type CallOutput, callPath } from '@app/protocol/contract';

/** One answer of the exchange API as the suite sees it: the envelope, the HTTP status, the node that gave it. */
export interface Answer<T = unknown> {
  status: number;
  code: string;
  msg: string;
  data: T;
  /** X-Node: which server process answered (null when none did: the balancer's own answer). */
  node: string | null;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Retried on a failure no process answered for (connection lost, 502–504) with the same params. */
  retry?: boolean;
}

/** What a client counted: every call, the calls it had to repeat, those that failed in the end. */
export interface Tally {
  requests: number;
  retried: number;
  failed: number;
}

/** A failure the client may retry: no process took the request, or one answered that it cannot now. */
const retriable = (a: Answer) => a.status === 502 || a.status === 503 || a.status === 504 || a.status === 0;

/**
 * The client of PROTOCOL.md over HTTP (the protocol package's codec, as the web app and the server
 * tests use it), against the balancer or one node. Every attempt is sealed anew (its own nonce).
 */
export class ScaleClient {
  readonly tally: Tally = { requests: 0, retried: 0, failed: 0 };

  private constructor(
    readonly baseUrl: string,
    readonly source: string,
    private readonly codec: ClientCodec,
    /** The codec version sealing every call: 1 (RSA both ways) or 2 (an AES key per call, as the web app). */
    readonly version: 1 | 2,
  ) {}

  static async boot(baseUrl: string, source = 'H5SDK', version: 1 | 2 = 1): Promise<ScaleClient> {
    const res = await fetch(`${baseUrl}/pb/api/app/system/v1/clientConfig?source=${source}`);
    const keys = ((await res.json()) as { data: Parameters<typeof createClientCodec>[0] }).data;
    return new ScaleClient(baseUrl, source, createClientCodec(keys), version);
  }

  /** The same keys, another address (one node directly). */
  at(baseUrl: string): ScaleClient {
    return new ScaleClient(baseUrl, this.source, this.codec, this.version);
  }

  /** A GET sealed once (its nonce inside), as the path and query to send: a replay is that same URL. */
  sealedGet<D extends CallDef>(def: D, params: CallInput<D>): string {
    return `${callPath(def)}?${this.codec.sealGet(params as Record<string, unknown>, true)}`;
  }

  async call<D extends CallDef>(
    def: D,
    params: CallInput<D>,
    options: CallOptions = {},
  ): Promise<Answer<CallOutput<D>>> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.once(def, params, options);
      this.tally.requests++;
      if (!retriable(answer)) return answer as Answer<CallOutput<D>>;
      if (!options.retry || attempt >= 20) {
        this.tally.failed++;
        return answer as Answer<CallOutput<D>>;
      }
      if (attempt === 0) this.tally.retried++;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }

  private async once(def: CallDef, params: unknown, options: CallOptions): Promise<Answer> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-source': this.source,
      ...(options.token ? { 'x-token': options.token } : {}),
      ...options.headers,
    };
    const path = callPath(def);
    const p = params as Record<string, unknown>;
    try {
      const sealed = this.version === 2 ? (def.method === 'GET' ? this.codec.get(p) : this.codec.post(p)) : null;
      const res =
        def.method === 'GET'
          ? await fetch(
              `${this.baseUrl}${path}?${sealed && 'query' in sealed ? sealed.query : this.codec.sealGet(p, true)}`,
              { headers },
            )
          : await fetch(`${this.baseUrl}${path}`, {
              method: 'POST',
              headers,
              body: JSON.stringify(sealed && 'body' in sealed ? sealed.body : this.codec.sealPost(p, true)),
            });
      const text = await res.text();
      const node = res.headers.get('x-node');
      let body: { code: string; msg: string; data: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        return { status: res.status === 200 ? 502 : res.status, code: '', msg: text.slice(0, 200), data: null, node };
      }
      const data =
        body.code !== '200'
          ? body.data
          : sealed
            ? sealed.open(body.data)
            : this.codec.openData(body.data, def.method, true);
      return { status: res.status, code: body.code, msg: body.msg, data, node };
    } catch (error) {
      return { status: 0, code: '', msg: (error as Error).message, data: null, node: null };
    }
  }
}

/** A test hook or a demo-game call: plain JSON. */
export async function json<T>(url: string, body?: unknown): Promise<{ status: number; node: string | null; body: T }> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, node: res.headers.get('x-node'), body: (await res.json()) as T };
}
