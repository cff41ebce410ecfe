import type { ScreenshotKind } from '@app/game-partner/partner-callbacks';
import type { Role, SubType } from './model';
import { classOf } from './profiles';
import { frozenAmount, skillsOf } from './world';

/** Role screenshots drawn as SVG from the role's real data: text, rects and gradients only. */
export const SCREENSHOT_KINDS: readonly ScreenshotKind[] = ['equipment', 'bag', 'warehouse', 'skills'];
const TITLES: Record<ScreenshotKind, string> = {
  equipment: '角色装备',
  bag: '背包',
  warehouse: '仓库',
  skills: '技能',
};
/** The game's own names of its item kinds (a game has none of the exchange's code). */
const SUB_TYPE_LABELS: Record<SubType, string> = {
  1: '衣服',
  2: '武器',
  3: '特戒',
  4: '首饰',
  5: '时装',
  6: '专属首饰',
  7: '其他',
};
const SUB_TYPE_COLOURS = {
  1: '#8f7bff',
  2: '#ff5b5b',
  3: '#ffb020',
  4: '#2ec5ff',
  5: '#ff7ac8',
  6: '#ffd700',
  7: '#9aa4b2',
} as const;
/** A class's badge colour, from the profile that defines the class. */
const classColour = (role: Role) => classOf(role.roleClass).profile.colour;

export const isScreenshotKind = (kind: string): kind is ScreenshotKind => kind in TITLES;
const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
const fmt = (n: number) => n.toLocaleString('en-US');
const FONT = 'font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif"';

interface Cell {
  title: string;
  sub: string;
  colour: string;
  tag?: string;
}

function cellsOf(role: Role, kind: ScreenshotKind): Cell[] {
  if (kind === 'skills')
    return skillsOf(role).map((s) => {
      const [name, level] = s.split(' ');
      return { title: name ?? s, sub: level ?? '', colour: classColour(role) };
    });
  return role.items
    .filter((i) => i.place === kind)
    .sort((a, b) => a.subType - b.subType)
    .map((i) => ({
      title: i.name,
      sub: SUB_TYPE_LABELS[i.subType],
      colour: SUB_TYPE_COLOURS[i.subType],
      ...(i.frozenBy ? { tag: '寄售中' } : !i.tradable ? { tag: '绑定' } : {}),
    }));
}

function cellSvg(c: Cell, x: number, y: number): string {
  const tag = c.tag
    ? `<rect x="${x + 84}" y="${y + 56}" width="44" height="18" rx="4" fill="${c.tag === '寄售中' ? '#b8360d' : '#3a455c'}"/><text x="${x + 106}" y="${y + 69}" fill="#fff" font-size="11" text-anchor="middle">${c.tag}</text>`
    : '';
  return `<g><rect x="${x}" y="${y}" width="136" height="82" rx="8" fill="url(#cell)" stroke="${c.colour}" stroke-opacity="0.85" stroke-width="1.5"/><rect x="${x}" y="${y}" width="136" height="5" rx="2" fill="${c.colour}"/><text x="${x + 12}" y="${y + 34}" fill="${c.colour}" font-size="16" font-weight="bold">${esc(c.title)}</text><text x="${x + 12}" y="${y + 69}" fill="#9aa4b2" font-size="12">${esc(c.sub)}</text>${tag}</g>`;
}

function footer(role: Role, kind: ScreenshotKind, y: number): string {
  if (kind !== 'bag' && kind !== 'warehouse') return '';
  const coins = Object.entries(role.coins)
    .map(
      ([type, n]) => `${type} ${fmt(n)}${frozenAmount(role, type) ? `（冻结 ${fmt(frozenAmount(role, type))}）` : ''}`,
    )
    .join('　');
  return `<text x="24" y="${y}" fill="#ffd27a" font-size="14">${esc(coins)}</text>`;
}

export function renderRoleSvg(role: Role, kind: ScreenshotKind, serverName: string): string {
  const cells = cellsOf(role, kind);
  const rows = Math.max(1, Math.ceil(cells.length / 4));
  const gridTop = 128;
  const height = gridTop + rows * 96 + (kind === 'bag' || kind === 'warehouse' ? 50 : 20);
  const grid = cells.length
    ? cells.map((c, i) => cellSvg(c, 24 + (i % 4) * 150, gridTop + Math.floor(i / 4) * 96)).join('')
    : `<text x="320" y="${gridTop + 48}" fill="#6b7588" font-size="16" text-anchor="middle">空空如也</text>`;
  const badge = classColour(role);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="${height}" viewBox="0 0 640 ${height}" ${FONT}>`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#27324c"/><stop offset="1" stop-color="#0c1018"/></linearGradient>',
    '<linearGradient id="cell" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2738"/><stop offset="1" stop-color="#141a26"/></linearGradient>',
    '<linearGradient id="band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5a2a10"/><stop offset="1" stop-color="#1b2130" stop-opacity="0"/></linearGradient></defs>',
    `<rect width="640" height="${height}" fill="url(#bg)"/><rect x="1" y="1" width="638" height="${height - 2}" fill="none" stroke="#8a6a2f" stroke-opacity="0.6" rx="6"/>`,
    '<rect x="0" y="0" width="640" height="96" fill="url(#band)"/>',
    `<text x="24" y="44" fill="#ffd27a" font-size="26" font-weight="bold">${esc(role.name)}</text>`,
    `<rect x="24" y="58" width="44" height="22" rx="4" fill="${badge}"/><text x="46" y="74" fill="#fff" font-size="13" text-anchor="middle">${role.roleClass}</text>`,
    `<text x="80" y="75" fill="#c9d1e0" font-size="15">${role.level}级　战力 ${fmt(role.power)}　${esc(serverName)}</text>`,
    `<text x="616" y="44" fill="#e6c07b" font-size="20" font-weight="bold" text-anchor="end">${TITLES[kind]}</text>`,
    `<text x="616" y="74" fill="#6b7588" font-size="12" text-anchor="end">${kind === 'skills' ? `${cells.length} 项技能` : `${cells.length} 件物品`}</text>`,
    `<rect x="24" y="104" width="592" height="1" fill="#8a6a2f" fill-opacity="0.5"/>`,
    grid,
    footer(role, kind, height - 22),
    '</svg>',
  ].join('');
}
