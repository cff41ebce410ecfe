import { Modal } from '../../components/modal';
import { copyText } from '../../lib/copy-text';
import { showToast } from '../../lib/ui-bus';

/** The guide link as a full address (the server may give a path of our own origin). */
export function absoluteUrl(link: string, origin: string = globalThis.location?.origin ?? ''): string {
  if (!link) return '';
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}

/** The game-guide popup: the guide link of the game with a copy-link button. */
export function GameGuidePopup({
  gameName,
  guideUrl: rawUrl,
  onClose,
}: {
  gameName: string;
  guideUrl: string;
  onClose: () => void;
}) {
  const guideUrl = absoluteUrl(rawUrl);
  return (
    <Modal
      title={`${gameName} 攻略`}
      testId="game-guide-popup"
      content={
        <div>
          <div className="muted" style={{ fontSize: 12, marginBottom: 8 }}>
            复制链接后在浏览器中打开，查看新手攻略与交易指南
          </div>
          <div
            data-testid="guide-url"
            style={{ wordBreak: 'break-all', background: '#f7f8fa', borderRadius: 8, padding: 10, fontSize: 13 }}
          >
            {guideUrl || '暂无攻略链接'}
          </div>
        </div>
      }
      buttons={[
        { text: '关闭' },
        {
          text: '复制链接',
          primary: true,
          onClick: () => {
            if (!guideUrl) return;
            void copyText(guideUrl).then((ok) => showToast(ok ? '链接复制成功' : '复制失败，请长按链接手动复制'));
          },
        },
      ]}
      onClose={onClose}
    />
  );
}
