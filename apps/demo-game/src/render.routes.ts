import { propSubTypeLabel } from '@app/protocol/commodity';
import type { FastifyInstance } from 'fastify';
import { findRole } from './game.service';
import { hostPage } from './host-page';
import type { ItemPlace, Role } from './model';
import type { Store } from './store';

const COLOURS = {
  1: '#7c5cff',
  2: '#ff5b5b',
  3: '#ffb020',
  4: '#2ec5ff',
  5: '#ff7ac8',
  6: '#ffd700',
  7: '#9aa4b2',
} as const;
const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
const TITLES: Record<string, string> = { equipment: '装备', bag: '背包', warehouse: '仓库', skills: '技能' };

/** A screenshot of the role's real data, drawn as SVG (dark game UI, item grid by sub-type colour). */
export function renderRoleSvg(role: Role, kind: string, serverName: string): string {
  const cells =
    kind === 'skills'
      ? ['基本剑术', '刺杀剑术', '半月弯刀', '烈火剑法', '野蛮冲撞', '逐日剑法'].map((name, i) => ({
          name: `${name} Lv${1 + ((role.level + i) % 4)}`,
          colour: '#3ddc97',
        }))
      : role.items
          .filter((i) => i.place === (kind as ItemPlace))
          .map((i) => ({
            name: i.name,
            colour: COLOURS[i.subType],
            sub: propSubTypeLabel[i.subType],
            frozen: Boolean(i.frozenBy),
          }));
  const grid = cells
    .map((c, i) => {
      const x = 24 + (i % 4) * 148;
      const y = 120 + Math.floor(i / 4) * 96;
      const sub =
        'sub' in c
          ? `<text x="${x + 12}" y="${y + 58}" fill="#9aa4b2" font-size="13">${esc(String(c.sub))}</text>`
          : '';
      return `<g><rect x="${x}" y="${y}" width="136" height="80" rx="8" fill="#1b2130" stroke="${c.colour}" stroke-width="2"/><text x="${x + 12}" y="${y + 32}" fill="${c.colour}" font-size="16" font-weight="bold">${esc(c.name)}</text>${sub}</g>`;
    })
    .join('');
  const rows = Math.max(1, Math.ceil(cells.length / 4));
  const height = 150 + rows * 96;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}" viewBox="0 0 640 ${height}"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#202a40"/><stop offset="1" stop-color="#0e121b"/></linearGradient></defs><rect width="640" height="${height}" fill="url(#bg)"/><text x="24" y="44" fill="#ffd27a" font-size="24" font-weight="bold">${esc(role.name)}</text><text x="24" y="76" fill="#c9d1e0" font-size="15">${esc(role.roleClass)} · ${role.level}级 · 战力 ${role.power.toLocaleString('en-US')} · ${esc(serverName)}</text><text x="616" y="44" fill="#8b95a7" font-size="18" text-anchor="end">${esc(TITLES[kind] ?? kind)}</text>${cells.length ? grid : '<text x="24" y="150" fill="#8b95a7" font-size="16">空</text>'}</svg>`;
}

export async function renderRoutes(app: FastifyInstance, opts: { store: Store; publicBaseUrl: string }): Promise<void> {
  app.get<{ Params: { roleId: string; kind: string } }>('/render/role/:roleId/:kind', async (request, reply) => {
    const kind = request.params.kind.replace(/\.svg$/, '');
    if (!TITLES[kind]) return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: '不存在' });
    try {
      const w = opts.store.read();
      const role = findRole(w, request.params.roleId);
      const server = w.servers.find((s) => s.id === role.serverId);
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'no-cache')
        .send(renderRoleSvg(role, kind, server?.name ?? ''));
    } catch {
      return reply.status(404).send({ ok: false, code: 'NOT_FOUND', message: '角色不存在' });
    }
  });
  app.get('/render/icon.svg', async (_request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(
        '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffb347"/><stop offset="1" stop-color="#b8360d"/></linearGradient></defs><rect width="128" height="128" rx="28" fill="url(#g)"/><path d="M64 18l10 30h32l-26 19 10 31-26-19-26 19 10-31-26-19h32z" fill="#fff6d8"/><text x="64" y="118" font-size="18" text-anchor="middle" fill="#fff" font-weight="bold">传奇</text></svg>',
      ),
  );
  app.get('/host', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(hostPage(opts.publicBaseUrl)),
  );
}
