/**
 * The demo game's host page: a game launcher that logs in, picks a server and role (online while
 * the page is open), gets a consignment key, uses items, and embeds the marketplace SDK view,
 * answering the host-bridge messages of business-flows §7 (docs/host-bridge.md).
 */
export function hostPage(marketBase: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>传奇·演示游戏</title><style>
body{margin:0;font:14px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#0e121b;color:#e6e9ef}
header{padding:14px 20px;background:linear-gradient(90deg,#3a1d0e,#1b2130);font-size:20px;font-weight:700;color:#ffd27a}
main{max-width:980px;margin:0 auto;padding:16px;display:grid;gap:14px}
.panel{background:#1b2130;border:1px solid #2c3548;border-radius:10px;padding:14px}
h2{margin:0 0 10px;font-size:16px;color:#ffd27a}
input,select{background:#0e121b;color:#e6e9ef;border:1px solid #3a455c;border-radius:6px;padding:7px 10px;margin-right:8px}
button{background:#ff7a45;color:#fff;border:0;border-radius:6px;padding:7px 14px;cursor:pointer;margin:2px}
button.alt{background:#3a455c}.muted{color:#8b95a7}.err{color:#ff6b6b}.ok{color:#3ddc97}
.roles{display:flex;gap:8px;flex-wrap:wrap}.role{padding:8px 12px;border:1px solid #3a455c;border-radius:8px;cursor:pointer}
.role.sel{border-color:#ffd27a;background:#2a2418}.items{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:6px}
.item{border:1px solid #3a455c;border-radius:6px;padding:6px}.frozen{opacity:.55;border-style:dashed}
#view{position:fixed;inset:0;background:rgba(0,0,0,.7);display:none;align-items:center;justify-content:center;z-index:10}
#view iframe{width:390px;height:min(844px,92vh);border:0;border-radius:16px;background:#fff}
#view .close{position:absolute;top:14px;right:18px}
</style></head><body><header>传奇·演示游戏 <span class="muted" style="font-size:13px">（游戏侧演示：登录 · 选角 · 寄售码 · 交易平台）</span></header>
<main>
<section class="panel" id="loginPanel"><h2>登录游戏</h2>
<input id="account" placeholder="账号" value="player1" data-testid="game-account"><input id="password" type="password" placeholder="密码" value="demo123" data-testid="game-password">
<button id="loginBtn" data-testid="game-login">登录</button> <span id="loginMsg" class="err"></span>
<div class="muted">演示账号：player1 / player2 / player3 / buyer1，密码均为 demo123</div></section>
<section class="panel" id="rolePanel" hidden><h2>选择区服与角色</h2><div id="roles" class="roles"></div>
<p id="roleMsg" class="muted"></p>
<label><input type="checkbox" id="safeZone" checked data-testid="game-safe-zone"> 角色在安全区</label>
<div style="margin-top:8px"><button id="keyBtn" data-testid="game-key">获取寄售码</button><button id="releaseBtn" class="alt">返回选角（放弃寄售）</button>
<button id="marketBtn" data-testid="game-open-market">打开交易平台</button> <span id="keyMsg"></span></div></section>
<section class="panel" id="itemPanel" hidden><h2>背包与仓库</h2><div id="items" class="items"></div><p id="itemMsg"></p></section>
</main>
<div id="view"><button class="close alt" id="closeView">关闭</button><iframe id="frame" title="交易平台"></iframe></div>
<script>
const MARKET = ${JSON.stringify(marketBase)};
const GAME = location.pathname.replace(/\\/host$/, '');
let token = sessionStorage.getItem('gameToken') || '', me = null, beat = null;
const $ = (id) => document.getElementById(id);
async function api(path, body) {
  const res = await fetch(GAME + '/api/' + path, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json', 'x-game-token': token }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json(); if (!json.ok) throw new Error(json.message); return json.data;
}
async function refresh() {
  me = await api('me'); $('loginPanel').hidden = true; $('rolePanel').hidden = false;
  const role = me.roles.find((r) => r.id === me.selectedRoleId);
  $('roles').innerHTML = me.roles.map((r) => '<div class="role' + (r.id === me.selectedRoleId ? ' sel' : '') + '" data-role="' + r.id + '">' + me.servers.find((s) => s.id === r.serverId).name + ' · ' + r.name + ' · ' + r.roleClass + ' ' + r.level + '级' + (r.frozenBy ? '（已锁定）' : '') + '</div>').join('');
  document.querySelectorAll('[data-role]').forEach((el) => el.onclick = async () => { await api('select-role', { roleId: el.dataset.role }); refresh(); });
  $('roleMsg').textContent = role ? '当前角色：' + role.name + '（' + (role.online ? '在线' : '离线') + '）' : '请选择角色';
  $('safeZone').checked = role ? role.safeZone : true;
  if (me.keys[0]) $('keyMsg').innerHTML = '<span class="ok">寄售码 <b data-testid="game-key-value">' + me.keys[0].key + '</b> · 锁定号 ' + me.keys[0].prePublishLockId.slice(0, 8) + '… · ' + Math.max(0, Math.round((me.keys[0].expiresAt - Date.now()) / 60000)) + '分钟内有效</span>';
  $('itemPanel').hidden = !role;
  if (role) $('items').innerHTML = role.items.map((i) => '<div class="item' + (i.frozenBy ? ' frozen' : '') + '">' + i.name + '<div class="muted">' + ({equipment:'装备',bag:'背包',warehouse:'仓库'})[i.place] + (i.frozenBy ? ' · 寄售冻结' : '') + '</div><button data-use="' + i.id + '">使用</button><button class="alt" data-move="' + i.id + '">移动</button></div>').join('') + '<div class="item">元宝 ' + role.coins['元宝'] + '<div class="muted">金币 ' + role.coins['金币'] + '</div></div>';
  document.querySelectorAll('[data-use],[data-move]').forEach((el) => el.onclick = async () => {
    try { await api('item', { itemId: el.dataset.use || el.dataset.move, action: el.dataset.use ? 'use' : 'move' }); $('itemMsg').className = 'ok'; $('itemMsg').textContent = '操作成功'; refresh(); }
    catch (e) { $('itemMsg').className = 'err'; $('itemMsg').textContent = e.message; }
  });
  if (!beat) beat = setInterval(() => api('heartbeat', {}).catch(() => {}), 10000);
}
$('loginBtn').onclick = async () => {
  try { const r = await fetch(GAME + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: $('account').value, password: $('password').value }) }).then((x) => x.json());
    if (!r.ok) throw new Error(r.message); token = r.data.gameToken; sessionStorage.setItem('gameToken', token); refresh(); } catch (e) { $('loginMsg').textContent = e.message; }
};
$('safeZone').onchange = () => api('safe-zone', { inSafeZone: $('safeZone').checked }).then(refresh);
$('keyBtn').onclick = () => api('consignment-key', {}).then(refresh).catch((e) => { $('keyMsg').innerHTML = '<span class="err">' + e.message + '</span>'; });
$('releaseBtn').onclick = () => api('consignment-key/release', {}).then(() => { $('keyMsg').textContent = ''; refresh(); });
function loginInfo() {
  const role = me.roles.find((r) => r.id === me.selectedRoleId), server = me.servers.find((s) => s.id === role.serverId);
  return { game_id: 'demo-legend', server_id: role.serverId, game_token: token, role: role.name, role_id: role.id, server_name: server.name, role_level: role.level, job_id: ['战士','法师','道士'].indexOf(role.roleClass) + 1, job_name: role.roleClass, roleAtt: role.power };
}
function closeView() { $('view').style.display = 'none'; $('frame').src = 'about:blank'; refresh(); }
$('closeView').onclick = closeView;
$('marketBtn').onclick = () => {
  if (!me || !me.selectedRoleId) return;
  const info = loginInfo();
  $('frame').src = MARKET + '/h5sdk/pages/commodityList/list?platform=h5-sdk-android&gameId=' + info.game_id + '&serverId=' + info.server_id;
  $('view').style.display = 'flex';
};
const handlers = {
  closeView: () => { closeView(); return true; },
  getGameInfoJson: () => loginInfo(),
  getGameAppID: () => 'demo-legend',
  gotoBrowser: (p) => { window.open(p && p.url, '_blank', 'noopener'); return true; },
  backToSelectRole: () => { closeView(); $('roleMsg').textContent = '请选择角色'; return true; },
  backToSelectServer: () => { closeView(); $('roleMsg').textContent = '请选择区服'; return true; },
  screenshots: () => ['equipment', 'bag', 'warehouse', 'skills'].map((k) => location.origin + GAME + '/render/role/' + me.selectedRoleId + '/' + k + '.svg?t=' + Date.now()),
  checkSecurityZone: () => ({ inSafeZone: $('safeZone').checked }),
  putFileToAliYun: async (p) => (await api('files', { name: p.name, contentBase64: p.contentBase64 })).url,
  getGameLoginSuccessTimes: () => me.loginCount,
};
window.addEventListener('message', async (event) => {
  const msg = event.data; if (!msg || msg.channel !== 'market-bridge' || !msg.id) return;
  const reply = (body) => event.source && event.source.postMessage(Object.assign({ channel: 'market-bridge', id: msg.id }, body), '*');
  try { const handler = handlers[msg.type]; if (!handler) throw new Error('不支持的消息 ' + msg.type); reply({ ok: true, result: await handler(msg.payload) }); }
  catch (e) { reply({ ok: false, error: e.message }); }
});
window.addEventListener('pagehide', () => { if (token) navigator.sendBeacon(GAME + '/api/logout', new Blob([JSON.stringify({ token })], { type: 'application/json' })); });
if (token) refresh().catch(() => { token = ''; sessionStorage.removeItem('gameToken'); });
</script></body></html>`;
}
