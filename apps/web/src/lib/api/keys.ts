import { clientConfig } from '@app/protocol/calls/system';
import {
  type ClientCodecV2,
  createClientCodecV2,
  type HeldTicket,
  type TicketKeeper,
} from '@app/protocol/codec/client';
import { type CallOutput, callPath } from '@app/protocol/contract';
import type { ClientSource } from '@app/protocol/platform';

type ClientConfig = CallOutput<typeof clientConfig>;

/**
 * The answer's keys are checked by hand: the web build carries no contract schemas
 * (docs/decisions/0010), and the server built this answer from the same contract.
 */
function readConfig(data: unknown): ClientConfig {
  const c = (data ?? {}) as Partial<ClientConfig>;
  if (typeof c.rsaPublicKey !== 'string' || typeof c.signSecret !== 'string' || typeof c.keyId !== 'string')
    throw new Error('clientConfig without keys');
  return { ...c, payLandingBase: c.payLandingBase ?? '' } as ClientConfig;
}

/** Every request's timeout, the bootstrap's too (platform-shell §9: request timeout 60000 ms). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The bootstrap of each client source (codec keys, tracking app), fetched once. */
const configs = new Map<ClientSource, Promise<ClientConfig>>();
const codecs = new Map<ClientSource, Promise<ClientCodecV2>>();

export function configFor(source: ClientSource): Promise<ClientConfig> {
  let config = configs.get(source);
  if (!config) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
    config = fetch(`${callPath(clientConfig)}?source=${source}`, { signal: timeout.signal })
      .then((res) => res.json())
      .then((body: { code: string; data: unknown }) => {
        if (body.code !== '200') throw new Error(`clientConfig ${body.code}`);
        return readConfig(body.data);
      })
      .finally(() => clearTimeout(timer));
    config.catch(() => configs.delete(source));
    configs.set(source, config);
  }
  return config;
}

/**
 * The tab's key ticket of a source and key, in session storage: a page load (the H5 scenes load
 * pages whole) goes on with it instead of paying the RSA again; a closed tab forgets it. K there is
 * no more exposed than the page's own calls are (decision 0077).
 */
function sessionKeeper(source: ClientSource, keyId: string): TicketKeeper {
  const name = `keyTicket:${source}:${keyId}`;
  const store = () => {
    try {
      return globalThis.sessionStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    load() {
      try {
        return JSON.parse(store()?.getItem(name) ?? 'null') as HeldTicket | null;
      } catch {
        return null;
      }
    },
    save(held) {
      try {
        if (held) store()?.setItem(name, JSON.stringify(held));
        else store()?.removeItem(name);
      } catch {
        // Storage full or refused: the ticket lives in memory only.
      }
    },
  };
}

export function codecFor(source: ClientSource): Promise<ClientCodecV2> {
  let codec = codecs.get(source);
  if (!codec) {
    // Key tickets: one RSA operation a session instead of one a call (PROTOCOL.md, decision 0077).
    codec = configFor(source).then((keys) =>
      createClientCodecV2(keys, { tickets: true, keeper: sessionKeeper(source, keys.keyId) }),
    );
    codec.catch(() => codecs.delete(source));
    codecs.set(source, codec);
  }
  return codec;
}

/** After a refusal that may mean rotated keys, the next call bootstraps again. */
export function forgetKeys(): void {
  codecs.clear();
  configs.clear();
}
