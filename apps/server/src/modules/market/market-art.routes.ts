import type { FastifyInstance } from 'fastify';

/**
 * The market's artwork (banners, posters, popups, the goods pictures), drawn as SVG so that a fresh start has
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
  // The picture of a coin or prop listing (never the seller's screenshot, which shows the role's name).
  coin: [400, 400],
  prop: [400, 400],
} as const;
type ArtKind = keyof typeof SIZES;

const esc = (s: string) =>
  s.slice(0, 40).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** A coin (stacked discs) or a prop (a gem) in the upper half of a goods picture. */
function emblem(kind: ArtKind, w: number, h: number): string {
  const cx = w / 2;
  if (kind === 'coin')
    return [0.3, 0.24, 0.18]
      .map(
        (y, i) =>
          `<ellipse cx="${cx + (i - 1) * 18}" cy="${h * y}" rx="${w * 0.16}" ry="${h * 0.06}" fill="#ffd54a" stroke="#b8860b" stroke-width="4"/>`,
      )
      .join('');
  if (kind === 'prop')
    return `<polygon points="${cx},${h * 0.1} ${cx + w * 0.15},${h * 0.24} ${cx},${h * 0.4} ${cx - w * 0.15},${h * 0.24}" fill="#fff" opacity="0.85" stroke="#fff" stroke-width="4"/>`;
  return '';
}

export function renderArt(kind: ArtKind, n: number, title: string, subtitle: string): string {
  const [w, h] = SIZES[kind];
  if (kind === 'coin' || kind === 'prop') return renderGoods(kind, n, title, subtitle);
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

function renderGoods(kind: ArtKind, n: number, title: string, subtitle: string): string {
  const [w, h] = SIZES[kind];
  const [a, b] = PALETTES[Math.abs(n) % PALETTES.length] as readonly [string, string];
  const big = Math.round(Math.min((w * 0.84) / Math.max(title.length, 3), h / 6));
  const font = 'font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.3}" fill="#fff" opacity="0.1"/>
${emblem(kind, w, h)}
<text x="${w / 2}" y="${h * 0.62}" text-anchor="middle" ${font} font-size="${big}" font-weight="800" fill="#fff">${esc(title)}</text>
<text x="${w / 2}" y="${h * 0.62 + big * 1.1}" text-anchor="middle" ${font} font-size="${Math.round(big * 0.55)}" fill="#fff" opacity="0.92">${esc(subtitle)}</text>
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
