import { useGameLink } from '../lib/queries/game-link';

/**
 * The way forward for a buyer whose game account is not linked to this marketplace account: he
 * opens the trading platform inside the game, and on its 我的 tab logs in with this account's
 * phone and code (已有交易平台账号？用手机号登录, h5sdkPhoneLogin), which links the game account;
 * the game's own link to get there.
 */
export function LinkGameGuide({
  applicationId,
  gameName,
  compact = false,
}: {
  applicationId: string;
  gameName: string;
  compact?: boolean;
}) {
  const link = useGameLink(applicationId);
  return (
    <div className="link-game-guide" data-testid="link-game-guide">
      {compact ? null : <div style={{ fontWeight: 600, marginBottom: 6 }}>如何关联游戏账号</div>}
      <ol style={{ margin: 0, paddingLeft: 18, lineHeight: 1.8, fontSize: 13 }}>
        <li>进入《{gameName}》，登录你要收货的游戏账号；</li>
        <li>在游戏内打开「交易平台」，进入「我的」；</li>
        <li>点「已有交易平台账号？用手机号登录」，输入本账号的手机号和验证码，游戏账号即关联到本账号；</li>
        <li>回到这里刷新，即可选择该游戏账号的角色收货。</li>
      </ol>
      {link.data ? (
        <a
          className="btn btn-primary btn-sm"
          style={{ marginTop: 10, display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
          href={link.data.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="game-link"
        >
          {link.data.label}
        </a>
      ) : link.isSuccess ? (
        <p className="muted" style={{ fontSize: 12, margin: '8px 0 0' }}>
          请在应用商店搜索《{gameName}》下载游戏。
        </p>
      ) : null}
    </div>
  );
}
