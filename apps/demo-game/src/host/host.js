// The demo game's launcher page: login, server and role choice (online while the page is open),
// safe zone, consignment key, items and coins, and the marketplace's SDK view in an iframe,
// answering the host-bridge messages of docs/host-bridge.md.
import { installBridge } from './bridge.js';
import { coinsView, el, itemsView, keyView, roleCardsView, serverGroupsView, shotLinks } from './views.js';

const CONFIG = JSON.parse(document.getElementById('config').textContent);
const BASE = CONFIG.base;
let token = sessionStorage.getItem('gameToken') || '';
let me = null;
let beat = null;
let clockOffset = 0;

const $ = (id) => document.getElementById(id);
async function api(path, body) {
  const res = await fetch(`${BASE}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-game-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (json.ok) return json.data;
  if (json.code === 'TOKEN_EXPIRED' || json.code === 'TOKEN_INVALID') signedOut(json.message);
  throw new Error(json.message);
}

function show(screen) {
  for (const id of ['loginScreen', 'serverScreen', 'roleScreen', 'gameScreen']) $(id).hidden = id !== screen;
}
function signedOut(message) {
  token = '';
  me = null;
  sessionStorage.removeItem('gameToken');
  clearInterval(beat);
  beat = null;
  $('who').textContent = '';
  $('loginMsg').textContent = message || '';
  show('loginScreen');
}

async function readPlayer() {
  me = await api('me');
  clockOffset = me.now - Date.now();
  $('who').textContent = `${me.name}（${me.accountId}）· 登录 ${me.loginCount} 次`;
  if (!beat) beat = setInterval(() => api('heartbeat', {}).catch(() => {}), 10_000);
}

async function refresh() {
  await readPlayer();
  renderGame();
}

function renderServers() {
  $('servers').replaceChildren(...serverGroupsView(me.servers, chooseServer));
  show('serverScreen');
}

function chooseServer(server) {
  const roles = me.roles.filter((r) => r.serverId === server.id);
  $('roleServer').textContent = server.name;
  $('roles').replaceChildren(...roleCardsView(roles, selectRole));
  $('roleScreenMsg').textContent = roles.length ? '' : '该区服还没有角色';
  show('roleScreen');
}

async function selectRole(roleId) {
  await api('select-role', { roleId });
  await refresh();
}

function renderGame() {
  const role = me.selected;
  if (!role) return renderServers();
  show('gameScreen');
  const server = me.servers.find((s) => s.id === role.serverId);
  $('roleLine').replaceChildren(
    `当前角色：${role.name}`,
    el('span', { class: role.online ? 'online' : 'offline' }, role.online ? '（在线）' : '（离线）'),
  );
  $('roleMeta').textContent =
    `${server.name} · ${role.roleClass} · ${role.level}级 · 战力 ${role.power.toLocaleString()}` +
    (role.frozenBy ? ' · 角色寄售中' : '');
  $('safeZone').checked = role.safeZone;
  if (document.activeElement !== $('signature')) $('signature').value = role.signature ?? '';
  renderKey();
  $('shots').replaceChildren(...shotLinks(BASE, role.id));
  $('coins').replaceChildren(...coinsView(role, spend));
  $('items').replaceChildren(itemsView(role, itemAction));
}

function renderKey() {
  $('keyBox').hidden = !me.key;
  if (me.key) $('keyBox').replaceChildren(...keyView(me.key, Date.now() + clockOffset));
}
setInterval(() => me?.key && renderKey(), 1000);

async function report(target, run) {
  try {
    const result = await run();
    $(target).className = 'ok';
    $(target).textContent = result?.message || '操作成功';
  } catch (e) {
    $(target).className = 'err';
    $(target).textContent = e.message;
  }
  await refresh().catch(() => {});
}
const itemAction = (itemId, action) => report('itemMsg', () => api('item', { itemId, action }));
const spend = (coinType) => report('coinMsg', () => api('coins/spend', { coinType, amount: 100 }));

$('loginForm').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('loginMsg').textContent = '';
  try {
    const res = await fetch(`${BASE}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: $('account').value.trim(), password: $('password').value }),
    }).then((r) => r.json());
    if (!res.ok) throw new Error(res.message);
    token = res.data.gameToken;
    sessionStorage.setItem('gameToken', token);
    await refresh();
  } catch (e) {
    $('loginMsg').textContent = e.message;
  }
});
$('safeZone').addEventListener('change', () =>
  report('keyMsg', () => api('safe-zone', { inSafeZone: $('safeZone').checked })),
);
$('signatureForm').addEventListener('submit', (event) => {
  event.preventDefault();
  report('signatureMsg', () => api('signature', { text: $('signature').value }));
});
$('uploadShots').addEventListener('click', () =>
  report('signatureMsg', async () => {
    const { uploaded } = await api('screenshots', {});
    return { message: uploaded ? '截图已上传到交易平台' : '截图已生成（交易平台未连接）' };
  }),
);
$('keyBtn').addEventListener('click', () => {
  $('keyMsg').textContent = '';
  api('consignment-key', {})
    .then(refresh)
    .catch((e) => {
      $('keyMsg').textContent = e.message;
    });
});
$('releaseBtn').addEventListener('click', () => api('consignment-key/release', {}).then(refresh));
$('toRoles').addEventListener('click', () => chooseServer(currentServer()));
$('toServers').addEventListener('click', renderServers);
$('toServers2').addEventListener('click', renderServers);
$('logoutBtn').addEventListener('click', () => api('logout', {}).finally(() => signedOut('')));
$('closeView').addEventListener('click', () => closeView());
$('marketBtn').addEventListener('click', () => {
  const info = me?.loginInfo;
  if (!info) return;
  const query = `platform=h5-sdk-android&gameId=${encodeURIComponent(info.gameId)}&serverId=${encodeURIComponent(info.serverId)}`;
  $('frame').src = `${CONFIG.marketBase}/h5sdk/pages/commodityList/list?${query}`;
  $('view').hidden = false;
});

/**
 * Closes the SDK view onto `screen` (the game screen, or the role or server selection the view
 * asked for): drawn at once, and again once the player is read afresh, which must not bring the
 * game screen back over a selection.
 */
function closeView(screen = renderGame) {
  $('view').hidden = true;
  $('frame').src = 'about:blank';
  if (me) screen();
  readPlayer()
    .then(screen)
    .catch(() => {});
}
const currentServer = () => me.servers.find((s) => s.id === me.selected.serverId);

installBridge({
  frame: $('frame'),
  gameId: CONFIG.gameId,
  api,
  refresh: async () => {
    await refresh();
    return { me, token };
  },
  closeView: () => closeView(),
  backToSelectRole: () => closeView(() => chooseServer(currentServer())),
  backToSelectServer: () => closeView(renderServers),
});

// The role is online while the page is open: closing or leaving it logs the role out at once.
window.addEventListener('pagehide', () => {
  if (token)
    navigator.sendBeacon(`${BASE}/api/logout`, new Blob([JSON.stringify({ token })], { type: 'application/json' }));
});
window.addEventListener('pageshow', (event) => {
  if (event.persisted && token) api('heartbeat', {}).then(refresh, () => {});
});
/** The exchange's snapshot login link (/host?ticket=…): log in with the one-time ticket, then drop it from the URL. */
async function ticketLogin(ticket) {
  history.replaceState(null, '', location.pathname);
  const res = await fetch(`${BASE}/api/ticket-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ticket }),
  }).then((r) => r.json());
  if (!res.ok) return signedOut(res.message);
  token = res.data.gameToken;
  sessionStorage.setItem('gameToken', token);
  await refresh();
}

const ticket = new URLSearchParams(location.search).get('ticket');
if (ticket) ticketLogin(ticket).catch((e) => signedOut(e.message));
else if (token)
  api('heartbeat', {})
    .then(refresh)
    .catch(() => signedOut(''));
else show('loginScreen');
