import { clientConfig } from '@app/protocol/calls/system';
import { type ClientCodec, createClientCodec } from '@app/protocol/codec/client';
import { callPath } from '@app/protocol/contract';
import type { ClientSource } from '@app/protocol/platform';

type ClientConfig = ReturnType<typeof clientConfig.response.parse>;

/** The bootstrap of each client source (codec keys, tracking app), fetched once. */
const configs = new Map<ClientSource, Promise<ClientConfig>>();
const codecs = new Map<ClientSource, Promise<ClientCodec>>();

export function configFor(source: ClientSource): Promise<ClientConfig> {
  let config = configs.get(source);
  if (!config) {
    config = fetch(`${callPath(clientConfig)}?source=${source}`)
      .then((res) => res.json())
      .then((body: { code: string; data: unknown }) => {
        if (body.code !== '200') throw new Error(`clientConfig ${body.code}`);
        return clientConfig.response.parse(body.data);
      });
    config.catch(() => configs.delete(source));
    configs.set(source, config);
  }
  return config;
}

export function codecFor(source: ClientSource): Promise<ClientCodec> {
  let codec = codecs.get(source);
  if (!codec) {
    codec = configFor(source).then(createClientCodec);
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
