// Pieces of the launcher page built from the game's data (no innerHTML: names are text nodes).

const SUB = { 1: ['衣服', '#8f7bff'], 2: ['武器', '#ff5b5b'], 3: ['特戒', '#ffb020'], 4: ['首饰', '#2ec5ff'] };
Object.assign(SUB, { 5: ['时装', '#ff7ac8'], 6: ['专属首饰', '#ffd700'], 7: ['其他', '#9aa4b2'] });
const PLACES = { equipment: '装备', bag: '背包', warehouse: '仓库' };
const KINDS = { equipment: '装备图', bag: '背包图', warehouse: '仓库图', skills: '技能图' };

/** A small element builder: el('div', {class: 'x', onclick}, 'text', child). */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'style') node.style.cssText = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** Servers grouped by master server (cross-server trading groups). */
export function serverGroupsView(servers, onChoose) {
  const groups = new Map();
  for (const s of servers) groups.set(s.masterServerName, [...(groups.get(s.masterServerName) || []), s]);
  return [...groups].map(([name, list]) =>
    el(
      'div',
      { class: 'group' },
      el('h3', {}, `${name}（同主服可跨服交易）`),
      el(
        'div',
        { class: 'cards' },
        ...list.map((s) =>
          el(
            'button',
            { type: 'button', class: 'card', onclick: () => onChoose(s) },
            el('b', {}, s.name),
            el('span', { class: 'muted' }, s.myRoles ? `我的角色 ${s.myRoles}/${s.roleSlots}` : '暂无角色'),
          ),
        ),
      ),
    ),
  );
}

export const roleCardsView = (roles, onSelect) =>
  roles.map((r) =>
    el(
      'button',
      { type: 'button', class: 'card', onclick: () => onSelect(r.id) },
      el('b', {}, r.name),
      el('span', {}, `${r.roleClass} · ${r.level}级 · 战力 ${r.power.toLocaleString()}`),
      r.frozenBy ? el('div', { class: 'err' }, '寄售中') : null,
    ),
  );

export const shotLinks = (base, roleId) =>
  Object.entries(KINDS).map(([k, label]) =>
    el('a', { href: `${base}/render/role/${roleId}/${k}.svg`, target: '_blank', class: 'shot' }, label),
  );

export const coinsView = (role, onSpend) =>
  Object.entries(role.coins).map(([type, total]) => {
    const frozen = Object.values(role.frozenCoins)
      .filter((f) => f.coinType === type)
      .reduce((n, f) => n + f.amount, 0);
    return el(
      'div',
      { class: 'coin' },
      el(
        'span',
        {},
        `${type} ${total.toLocaleString()}`,
        frozen ? el('span', { class: 'err' }, `（冻结 ${frozen}）`) : null,
      ),
      el('button', { type: 'button', class: 'alt small', onclick: () => onSpend(type) }, '商城消费 100'),
    );
  });

const itemView = (i, onAction) =>
  el(
    'div',
    { class: `item${i.frozenBy ? ' frozen' : ''}`, style: `border-top-color:${SUB[i.subType][1]}` },
    el('div', { class: 'name', style: `color:${SUB[i.subType][1]}` }, i.name),
    el(
      'div',
      { class: 'muted' },
      SUB[i.subType][0] + (i.frozenBy ? ' · 寄售冻结' : '') + (i.tradable ? '' : ' · 绑定'),
    ),
    el('button', { type: 'button', class: 'small', onclick: () => onAction(i.id, 'use') }, '使用'),
    el('button', { type: 'button', class: 'alt small', onclick: () => onAction(i.id, 'move') }, '移动'),
  );

export const itemsView = (role, onAction) =>
  el(
    'div',
    { class: 'places' },
    ...Object.entries(PLACES).map(([place, label]) =>
      el(
        'div',
        { class: 'place' },
        el('h3', {}, label),
        el('div', { class: 'items' }, ...role.items.filter((i) => i.place === place).map((i) => itemView(i, onAction))),
      ),
    ),
  );

/** The consignment key with its prePublishLockId and a live countdown. */
export function keyView(key, now) {
  const left = Math.max(0, Math.floor((key.expiresAt - now) / 1000));
  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return [
    el('div', {}, '寄售码 ', el('b', { 'data-testid': 'game-key-value' }, key.key)),
    el('div', { class: 'muted' }, `prePublishLockId：${key.prePublishLockId}`),
    el('div', { class: left ? 'ok' : 'err' }, left ? `有效期剩余 ${mm}:${ss}` : '已过期，请重新获取'),
  ];
}
