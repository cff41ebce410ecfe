import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { showToast } from '../../lib/ui-bus';
import { AccountLayout, currentScene } from './account-layout';
import { useBindPreBuyKey } from './api/bind-pre-buy-key';

const KEY = /^[A-Z0-9]{8}$/;

/**
 * 输入预购码: the buyer types the key the pre-sale's seller gave him and becomes its designated
 * buyer; the pre-sale opens, where he can buy it or make an 出价.
 */
export default function PreBuyKeyPage() {
  const scene = currentScene();
  const navigate = useNavigate();
  const bind = useBindPreBuyKey();
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const typed = key.trim().toUpperCase();
    if (!typed) return setProblem('请输入预购码');
    if (!KEY.test(typed)) return setProblem('预购码为8位字母或数字');
    setProblem(null);
    bind.mutate(typed, {
      onSuccess: (listing) => {
        showToast('绑定成功，您已成为该商品的指定买家');
        navigate(paths.presaleDetail(scene, listing.commodityId));
      },
    });
  };
  return (
    <AccountLayout title="输入预购码" testId="pre-buy-key-page">
      <div className="acct-group">
        <label className="acct-row" style={{ cursor: 'text' }}>
          <span style={{ flex: 'none' }}>预购码</span>
          <input
            className="acct-input"
            value={key}
            maxLength={8}
            autoCapitalize="characters"
            autoComplete="off"
            placeholder="请输入卖家提供的8位预购码"
            onChange={(e) => {
              setKey(e.target.value.replace(/[^0-9a-zA-Z]/g, '').toUpperCase());
              setProblem(null);
            }}
            aria-invalid={problem !== null}
            aria-describedby="pre-buy-key-problem"
            data-testid="pre-buy-key-input"
          />
        </label>
      </div>
      <div className="acct-group" style={{ padding: 16 }}>
        <p
          id="pre-buy-key-problem"
          role="alert"
          style={problem ? { color: 'var(--danger, #d4380d)', margin: '0 0 8px', fontSize: 13 } : { margin: 0 }}
        >
          {problem ?? ''}
        </p>
        <p className="muted" style={{ fontSize: 13, lineHeight: 1.6 }}>
          预购码由预售商品的卖家生成。绑定后您将成为该商品的指定买家，只有您可以购买或出价。预购码24小时内有效，仅可使用一次。
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={bind.isPending}
          onClick={submit}
          data-testid="pre-buy-key-submit"
        >
          绑定并查看商品
        </button>
      </div>
    </AccountLayout>
  );
}
