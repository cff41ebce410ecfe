import type { ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { formatDateTime } from '@app/protocol/format';
import { useState } from 'react';
import { showToast } from '../../../lib/ui-bus';
import { useCreatePreBuyKey } from '../api/pre-buy-key';

/**
 * 预购码 of one pre-sale on sale: the seller makes a key and hands it to the buyer he agreed with;
 * the buyer binds himself with it (我的 › 输入预购码) and becomes the only one who can buy or 出价.
 */
export function PreBuyKeyDialog({ item, onClose }: { item: ShelfItem; onClose: () => void }) {
  const create = useCreatePreBuyKey();
  const [copied, setCopied] = useState(false);
  const key = create.data;
  const copyKey = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key.preBuyKey);
      setCopied(true);
      showToast('预购码已复制');
    } catch {
      showToast('复制失败，请长按预购码手动复制');
    }
  };
  return (
    <div className="mask" role="dialog" aria-modal="true" aria-labelledby="pre-buy-key-title">
      <div className="modal" style={{ padding: 20 }} data-testid="pre-buy-key-dialog">
        <div className="modal-title" id="pre-buy-key-title">
          预购码
        </div>
        <p className="muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
          {item.title}
        </p>
        <p className="muted bargain-setting-note">
          把预购码发给已与您谈好的买家：买家在「我的 ›
          输入预购码」绑定后即成为指定买家，只有他能购买或出价。预购码24小时内有效，仅可使用一次；重新生成后旧码失效。
        </p>
        {key ? (
          <div style={{ textAlign: 'center', margin: '16px 0 4px' }}>
            <div className="pre-buy-key" data-testid="pre-buy-key-value">
              {key.preBuyKey}
            </div>
            <div className="muted" style={{ fontSize: 12, marginTop: 6 }}>
              {formatDateTime(key.expireTime * 1000)} 前有效
            </div>
          </div>
        ) : null}
        <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
          <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
            关闭
          </button>
          {key ? (
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={copyKey}
              data-testid="pre-buy-key-copy"
            >
              {copied ? '已复制' : '复制预购码'}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={create.isPending}
              onClick={() => create.mutate(item.id)}
              data-testid="pre-buy-key-create"
            >
              生成预购码
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
