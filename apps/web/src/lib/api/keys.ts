import { clientConfig } from '@app/protocol/calls/system';
import { type ClientCodec, createClientCodec } from '@app/protocol/codec/client';
import { callPath } from '@app/protocol/contract';
import type { ClientSource } from '@app/protocol/platform';

/** The codec keys of each client source, fetched once from the plain bootstrap call. */
const codecs = new Map<ClientSource, Promise<ClientCodec>>();

export function codecFor(source: ClientSource): Promise<ClientCodec> {
  let codec = codecs.get(source);
  if (!codec) {
    codec = fetch(`${callPath(clientConfig)}?source=${source}`)
      .then((res) => res.json())
      .then((body: { code: string; data: unknown }) => {
        if (body.code !== '200') throw new Error(`clientConfig ${body.code}`);
        return createClientCodec(clientConfig.response.parse(body.data));
      });
    codec.catch(() => codecs.delete(source));
    codecs.set(source, codec);
  }
  return codec;
}

/** After a refusal that may mean rotated keys, the next call bootstraps again. */
export function forgetKeys(): void {
  codecs.clear();
}
