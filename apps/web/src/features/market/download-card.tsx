import type { Game } from '@app/protocol/calls/market-games';
import { LazyImage } from '../../components/lazy-image';
import { detectPlatform } from '../../lib/platform';
import { track } from '../../lib/tracking-queue';
import { showToast } from '../../lib/ui-bus';
import { downloadLinkFor } from './market-rules';

export const MISSING_DOWNLOAD = '已收到您的反馈，我们会尽快补充游戏下载地址';
const LABEL = { ios: 'iOS 下载', android: '安卓下载', pc: 'PC 下载' } as const;

/** The download-app card: the current game's link for this platform, or a report when it is missing. */
export function DownloadCard({ game }: { game: Game }) {
  const download = () => {
    const platform = detectPlatform();
    const { kind, url } = downloadLinkFor(game, platform);
    if (!url) {
      showToast(MISSING_DOWNLOAD);
      track('download_link_missing', { applicationId: game.applicationId, platform, kind });
      return;
    }
    globalThis.open?.(url, '_blank', 'noopener');
  };
  const kind = downloadLinkFor(game, detectPlatform()).kind;
  return (
    <section
      className="card section"
      data-testid="download-card"
      style={{ display: 'flex', alignItems: 'center', gap: 12, background: 'linear-gradient(100deg,#fff 40%,#fff1eb)' }}
    >
      <LazyImage
        src={game.iconUrl}
        alt={game.gameName}
        style={{ width: 48, height: 48, borderRadius: 12, flexShrink: 0 }}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 700 }}>下载《{game.gameName}》</div>
        <div className="muted" style={{ fontSize: 12 }}>
          买号之后即刻登录，装备角色马上到手
        </div>
      </div>
      <button type="button" className="btn btn-sm btn-primary" onClick={download} data-testid="download-button">
        {LABEL[kind]}
      </button>
    </section>
  );
}
