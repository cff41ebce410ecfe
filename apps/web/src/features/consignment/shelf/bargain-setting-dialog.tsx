import type { ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { formatPriceFen } from '@app/protocol/format';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/ui-bus';
import { useBargainSetting, useSaveBargainSetting } from '../api/bargain-setting';
import { readFloor } from './bargain-floor';

/**
 * 还价设置 of one normal listing: whether buyers may 还价 (with a deposit), and an optional 底价
 * below the price that buyers never see; a proposal under it is refused at once. Live proposals
 * are not touched.
 */
export function BargainSettingDialog({ item, onClose }: { item: ShelfItem; onClose: () => void }) {
  const setting = useBargainSetting(item.id);
  const save = useSaveBargainSetting();
  const [allow, setAllow] = useState(false);
  const [floor, setFloor] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const loaded = setting.data;
  useEffect(() => {
    if (!loaded) return;
    setAllow(loaded.allowBargain);
    setFloor(loaded.floorPrice === null ? '' : formatPriceFen(loaded.floorPrice, false).replace(/,/g, ''));
  }, [loaded]);
  const submit = () => {
    const read = allow ? readFloor(floor, item.price) : { fen: null, error: null };
    if (read.error !== null) return setProblem(read.error);
    setProblem(null);
    save.mutate(
      { commodityId: item.id, allowBargain: allow, floorPrice: read.fen },
      {
        onSuccess: (s) => {
          showToast(s.allowBargain ? '已开启还价' : '已关闭还价');
          onClose();
        },
      },
    );
  };
  return (
    <div className="mask" role="dialog" aria-modal="true" aria-labelledby="bargain-setting-title">
      <div className="modal bargain-setting" style={{ padding: 20 }} data-testid="bargain-setting-dialog">
        <div className="modal-title" id="bargain-setting-title">
          还价设置
        </div>
        <p className="muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
          {item.title} · 售价 {formatPriceFen(item.price)}
        </p>
        {loaded ? (
          <>
            <label className="bargain-switch">
              <span>允许买家还价</span>
              <input
                type="checkbox"
                role="switch"
                aria-checked={allow}
                checked={allow}
                onChange={(e) => {
                  setAllow(e.target.checked);
                  setProblem(null);
                }}
                data-testid="bargain-allow"
              />
            </label>
            <p className="muted bargain-setting-note">
              买家还价需支付保证金，您可在24小时内同意或拒绝；您同意后买家未按时付款，您将获得保证金赔付。
            </p>
            {allow ? (
              <label className="sell-field" style={{ marginTop: 12 }}>
                <span>底价（元，选填）</span>
                <input
                  value={floor}
                  inputMode="decimal"
                  placeholder="不设置则不限"
                  onChange={(e) => {
                    setFloor(e.target.value.replace(/[^\d.]/g, ''));
                    setProblem(null);
                  }}
                  aria-invalid={problem !== null}
                  aria-describedby="bargain-floor-problem"
                  data-testid="bargain-floor"
                />
              </label>
            ) : null}
            {allow ? <p className="muted bargain-setting-note">底价对买家不可见，低于底价的还价将自动拒绝。</p> : null}
            <p
              className={problem ? 'sell-problem' : undefined}
              id="bargain-floor-problem"
              role="alert"
              data-testid="bargain-problem"
            >
              {problem ?? ''}
            </p>
          </>
        ) : (
          <div className="skeleton" style={{ height: 80, marginTop: 12 }} />
        )}
        <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
          <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!loaded || save.isPending}
            onClick={submit}
            data-testid="bargain-save"
          >
            保存
          </button>
        </div>
      </div>
    </div>
  );
}
