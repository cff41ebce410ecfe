import type { FastifyInstance } from 'fastify';

/**
 * The demo content's artwork (banners, posters, popups), drawn as SVG so that a fresh start has
 * real images without shipping binaries: `/market/art/{kind}/{n}.svg?t=title&s=subtitle`.
 */
const PALETTES = [
  ['#ff4d1c', '#ff9a3c'],
  ['#5b3cff', '#2ec5ff'],
  ['#0fa968', '#7be495'],
  ['#d4145a', '#fbb03b'],
  ['#1d2b64', '#6a82fb'],
  ['#8e2de2', '#f857a6'],
] as const;
const SIZES = {
  banner: [750, 300],
  poster: [204, 272],
  popup: [560, 720],
  splash: [750, 1334],
  ad: [750, 200],
} as const;
type ArtKind = keyof typeof SIZES;

const esc = (s: string) =>
  s.slice(0, 40).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

export function renderArt(kind: ArtKind, n: number, title: string, subtitle: string): string {
  const [w, h] = SIZES[kind];
  const [a, b] = PALETTES[Math.abs(n) % PALETTES.length] as readonly [string, string];
  const big = Math.round(Math.min(w / Math.max(title.length, 4), h / 3) * 0.9);
  const font = 'font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.45}" fill="#fff" opacity="0.12"/>
<circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.35}" fill="#fff" opacity="0.08"/>
<text x="${w * 0.07}" y="${h * 0.5}" ${font} font-size="${big}" font-weight="800" fill="#fff">${esc(title)}</text>
<text x="${w * 0.07}" y="${h * 0.5 + big * 0.95}" ${font} font-size="${Math.round(big * 0.42)}" fill="#fff" opacity="0.9">${esc(subtitle)}</text>
</svg>`;
}

export async function marketArtRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { kind: string; file: string }; Querystring: { t?: string; s?: string } }>(
    '/market/art/:kind/:file',
    async (request, reply) => {
      const { kind, file } = request.params;
      const n = Number.parseInt(file, 10);
      if (!(kind in SIZES) || !Number.isFinite(n)) return reply.status(404).send({ code: '10004', msg: '图片不存在' });
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(renderArt(kind as ArtKind, n, request.query.t ?? '安心交易', request.query.s ?? ''));
    },
  );
}
