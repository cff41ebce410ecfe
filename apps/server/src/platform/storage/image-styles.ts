import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { inProcess } from '../http/in-process';

/**
 * Image styles of platform-shell §9, asked for as a suffix on the image's address under
 * /storage/styled: `/storage/styled/<path of the image>!<style>[?<the image's query>]`, e.g.
 * `/storage/styled/demo-game/render/role/7/bag.svg!108x108`. The image is read from this server
 * (in process, as an anonymous GET: only what anyone may read), resized with sharp and kept in a
 * small in-memory cache; browsers keep it a day.
 *   108x108  the compressed thumbnail of list cards: 108×108, cropped to the most salient part
 *   rp50     half the width and height (the strip of the detail page; the full image on tap)
 */
export const IMAGE_STYLES = ['108x108', 'rp50'] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];
export const STYLED_PREFIX = '/storage/styled';

const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
const CACHE_BYTES = 32 * 1024 * 1024;
const SAFE_PATH = /^\/[A-Za-z0-9][A-Za-z0-9/_.-]{0,300}$/;

async function render(source: Buffer, style: ImageStyle): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: 40_000_000 });
  if (style === '108x108')
    return image
      .resize(108, 108, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 80 })
      .toBuffer();
  const { width, height } = await image.metadata();
  if (!width || !height) throw new Error('no size');
  return image
    .resize(Math.max(1, Math.round(width / 2)), Math.max(1, Math.round(height / 2)))
    .webp({ quality: 80 })
    .toBuffer();
}

/** A least-recently-used cache bounded by bytes. */
function createCache(maxBytes: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get(key: string): Buffer | undefined {
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: Buffer) {
      if (value.length > maxBytes) return;
      entries.set(key, value);
      bytes += value.length;
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= v.length;
      }
    },
  };
}

export async function imageStyleRoutes(app: FastifyInstance): Promise<void> {
  const cache = createCache(CACHE_BYTES);
  const send = inProcess(app);
  const refuse = (msg: string) => ({ code: ErrorCode.BAD_PARAMS, msg, data: null });
  app.get<{ Params: { '*': string } }>(`${STYLED_PREFIX}/*`, async (request, reply) => {
    const raw = `/${request.params['*']}`;
    const bang = raw.lastIndexOf('!');
    const path = bang > 0 ? raw.slice(0, bang) : '';
    const style = raw.slice(bang + 1) as ImageStyle;
    if (bang <= 0 || !IMAGE_STYLES.includes(style)) return reply.status(400).send(refuse('图片样式不存在'));
    if (!SAFE_PATH.test(path) || path.includes('..') || path.startsWith(`${STYLED_PREFIX}/`))
      return reply.status(400).send(refuse('图片地址无效'));
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const key = `${path}${query}!${style}`;
    let body = cache.get(key);
    reply.header('x-cache', body ? 'hit' : 'miss');
    if (!body) {
      const source = await send({ method: 'GET', url: `${path}${query}` });
      const type = String(source.headers['content-type'] ?? '');
      if (source.statusCode !== 200 || !type.startsWith('image/'))
        return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: '图片不存在', data: null });
      if (source.rawPayload.length > MAX_SOURCE_BYTES) return reply.status(413).send(refuse('图片过大'));
      try {
        body = await render(source.rawPayload, style);
      } catch {
        return reply.status(415).send(refuse('图片格式错误'));
      }
      cache.set(key, body);
    }
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
