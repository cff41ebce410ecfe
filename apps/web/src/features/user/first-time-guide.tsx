import { useEffect, useState } from 'react';
import { callHost } from '../../lib/bridge';
import { storage } from '../../lib/storage';

const SEEN_KEY = 'firstJumpIm';

/**
 * The first-time guide overlay of the SDK view: shown when the host says this is the account's
 * first successful login (getGameLoginSuccessTimes ≤ 1) and not dismissed before.
 */
export function FirstTimeGuide() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (storage.get(SEEN_KEY) === 'guided') return;
    callHost<number>('getGameLoginSuccessTimes')
      .then((times) => setOpen(Number(times) <= 1))
      .catch(() => {});
  }, []);
  if (!open) return null;
  const close = () => {
    storage.set(SEEN_KEY, 'guided');
    setOpen(false);
  };
  return (
    <div className="mask" style={{ alignItems: 'flex-end', paddingBottom: 80 }} data-testid="first-time-guide">
      <div className="modal" style={{ padding: 20 }}>
        <div className="modal-title">欢迎来到交易平台</div>
        <ul
          style={{
            textAlign: 'left',
            lineHeight: 1.9,
            paddingLeft: 18,
            color: 'var(--c-text-2)',
            margin: '8px 0 16px',
          }}
        >
          <li>首页：浏览本服和同组区服在售的角色、游戏币与道具</li>
          <li>寄售：在游戏内上架，寄售期间物品冻结，售出后自动交付</li>
          <li>我的：实名认证、寄售安全锁与订单</li>
        </ul>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={close}
          data-testid="first-time-guide-close"
        >
          我知道了
        </button>
      </div>
    </div>
  );
}
