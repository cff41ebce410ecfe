// The host bridge (docs/host-bridge.md): answers the SDK view's messages from the iframe.
// A message is {channel: 'market-bridge', id, type, payload?}; the answer carries the same id.

const absolute = (url) => new URL(url, location.href).href;

/**
 * ctx: {frame, gameId, api(path, body?), refresh() → {me, token}, closeView, backToSelectRole,
 * backToSelectServer}; the last two close the view themselves, onto the role or server selection.
 */
export function installBridge(ctx) {
  const handlers = {
    closeView: () => {
      ctx.closeView();
      return true;
    },
    /** The loginInfo of platform-shell §3 (snake_case, as loginInfoStr keeps it). */
    getGameInfoJson: async () => {
      const { me, token } = await ctx.refresh();
      const i = me.loginInfo;
      if (!i) throw new Error('请先选择角色');
      return {
        game_id: i.gameId,
        server_id: i.serverId,
        game_token: token,
        role: i.role,
        role_id: i.roleId,
        server_name: i.serverName,
        role_level: i.roleLevel,
        job_id: i.jobId,
        job_name: i.jobName,
        roleAtt: i.roleAtt,
      };
    },
    getGameAppID: () => ctx.gameId,
    gotoBrowser: (p) => {
      if (!/^https?:/.test(String(p?.url))) throw new Error('链接不正确');
      window.open(p.url, '_blank', 'noopener');
      return true;
    },
    backToSelectRole: () => {
      ctx.backToSelectRole();
      return true;
    },
    backToSelectServer: () => {
      ctx.backToSelectServer();
      return true;
    },
    /** Re-renders the role's screenshots, uploads them to the exchange, answers [{kind, url}]. */
    screenshots: async () =>
      (await ctx.api('screenshots', {})).screenshots.map((s) => ({ kind: s.kind, url: absolute(s.url) })),
    checkSecurityZone: async () => ({ inSafeZone: (await ctx.api('me')).selected?.safeZone === true }),
    putFileToAliYun: async (p) =>
      absolute((await ctx.api('files', { name: p?.name, contentBase64: p?.contentBase64 })).url),
    getGameLoginSuccessTimes: async () => (await ctx.api('me')).loginCount,
  };

  window.addEventListener('message', async (event) => {
    const msg = event.data;
    if (msg?.channel !== 'market-bridge' || !msg.id || event.source !== ctx.frame.contentWindow) return;
    const reply = (body) =>
      event.source.postMessage(
        { channel: 'market-bridge', id: msg.id, ...body },
        event.origin === 'null' ? '*' : event.origin,
      );
    try {
      const handler = handlers[msg.type];
      if (!handler) throw new Error(`不支持的消息 ${msg.type}`);
      reply({ ok: true, result: await handler(msg.payload) });
    } catch (e) {
      reply({ ok: false, error: e.message });
    }
  });
  return handlers;
}
