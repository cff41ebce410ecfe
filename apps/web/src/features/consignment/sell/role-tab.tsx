import { formatPriceFen } from '@app/protocol/format';
import { priceProblem, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { callHost, hasHost } from '../../../lib/bridge';
import { pagePath, SCENE_PAGES } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';
import { showToast } from '../../../lib/ui-bus';
import { usePreSellConfig } from '../api/get-pre-sell-config';
import { usePriceReference } from '../api/get-price-reference';
import { useSellConfig } from '../api/get-sell-config';
import { usePublishAccount } from '../api/publish-account';
import { usePublishPreSale } from '../api/publish-pre-sale';
import { confirmSale } from './confirm-sale';
import { ExtraFields, PriceField } from './price-field';
import { farFromBand, farText } from './price-reference';
import { ReferenceLine } from './reference-line';
import { RoleScreenshots } from './role-screenshots';

/** The seller's shelf on one tab: the SDK's own shelf in the game, the scene's shelf on web-sdk. */
function shelfTabPath(tab: 'onSale' | 'delisted'): string {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5sdk';
  return `${scene === 'h5sdk' ? SCENE_PAGES.sdkShelf : pagePath(scene, 'shelf')}?tab=${tab}`;
}

/** 角色: the role as the game reports it, its screenshots (re-taken through the host), price, publish. */
export function RoleTab({ onPublished }: { onPublished: () => void }) {
  const config = useSellConfig();
  const pre = usePreSellConfig();
  const publishRole = usePublishAccount();
  const publishPresale = usePublishPreSale();
  const pending = publishRole.isPending || publishPresale.isPending;
  const [price, setPrice] = useState('');
  const [buyer, setBuyer] = useState('');
  const [description, setDescription] = useState('');
  const [presale, setPresale] = useState(false);
  const [chosenDays, setDays] = useState<number | null>(null);
  const [shooting, setShooting] = useState(false);
  const c = config.data;
  const days = chosenDays ?? pre.data?.deliverDays[0] ?? 7;
  const reference = usePriceReference(c && !c.roleRefusal ? { type: 1 } : null).data;
  if (!c) return <div className="card skeleton" style={{ height: 260 }} />;
  const fen = yuanToFen(price);
  const far = farFromBand(fen && fen > 0 ? fen : null, reference?.band);
  const shots = c.screenshots;
  const retake = async () => {
    if (!hasHost()) return showToast('请在游戏内重新截图');
    setShooting(true);
    try {
      await callHost('screenshots', null, 15_000);
      await config.refetch();
      showToast('截图已更新');
    } catch {
      showToast('截图失败，请稍后再试');
    } finally {
      setShooting(false);
    }
  };
  const submit = () => {
    const presaleFloor = presale && pre.data ? pre.data.minPrice : 0;
    const problem =
      fen === null
        ? '请输入正确的价格'
        : (priceProblem(1, fen, c.rules) ??
          (fen < presaleFloor ? `预售价格不能低于${formatPriceFen(presaleFloor)}` : null));
    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
    if (shots.length === 0) return showToast('请先截取角色截图');
    confirmSale({
      far: far && reference?.band ? farText(far, fen, reference.band, false) : null,
      content: `角色「${c.role.name}」将以 ${formatPriceFen(fen)} ${presale ? `预售（买家付款后${days}天内交付）` : '出售'}，寄售期间角色在游戏中冻结，无法登录使用。`,
      onConfirm: async () => {
        const common = {
          price: fen,
          ...(buyer ? { designatedTradeId: buyer } : {}),
          ...(description ? { description } : {}),
        };
        const done = await (presale
          ? publishPresale.mutateAsync({ ...common, deliverDays: days })
          : publishRole.mutateAsync(common)
        ).catch(() => null);
        if (done) onPublished();
      },
    });
  };
  return (
    <div className="sell-form" data-testid="sell-role">
      <div className="sell-role-card">
        <div className="sell-role-name">{c.role.name}</div>
        <div className="muted">
          {c.role.serverName} · {c.role.jobName} · {c.role.level}级 · 战力 {c.role.roleAtt.toLocaleString()}
        </div>
      </div>
      {c.roleRefusal ? (
        <div className="sell-problem" data-testid="sell-role-refusal">
          {c.roleRefusal.msg}
          {c.roleRefusal.fix === 'downShelf' || c.roleRefusal.fix === 'takeBack' ? (
            <div style={{ marginTop: 8 }}>
              <Link
                className="btn btn-sm btn-primary"
                to={shelfTabPath(c.roleRefusal.fix === 'downShelf' ? 'onSale' : 'delisted')}
                data-testid="sell-role-fix"
              >
                {c.roleRefusal.fix === 'downShelf' ? '去货架下架' : '去货架取回'}
              </Link>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="sell-field">
        <span>
          角色截图{' '}
          <button type="button" className="link" onClick={retake} disabled={shooting} data-testid="sell-retake">
            {shooting ? '截图中…' : '重新截图'}
          </button>
        </span>
        {shots.length ? (
          <RoleScreenshots shots={shots} />
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            还没有截图，请点击“重新截图”
          </p>
        )}
      </div>
      <PriceField value={price} onChange={setPrice} fen={fen} rules={c.rules} whole testId="sell-role-price" />
      <ReferenceLine
        reference={reference}
        unit={fen && fen > 0 ? fen : null}
        far={far}
        perWanShown={false}
        testId="sell-role-reference"
      />
      {pre.data?.open ? (
        <div className="sell-field">
          <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input
              type="checkbox"
              checked={presale}
              onChange={(e) => setPresale(e.target.checked)}
              data-testid="sell-presale"
            />
            预售（买家付款后在约定天数内交付）
          </label>
          {presale ? (
            <div className="sell-chips">
              {pre.data.deliverDays.map((d) => (
                <button
                  key={d}
                  type="button"
                  className={`sell-chip${d === days ? ' on' : ''}`}
                  onClick={() => setDays(d)}
                >
                  {d}天内
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <ExtraFields buyer={buyer} setBuyer={setBuyer} description={description} setDescription={setDescription} />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={Boolean(c.roleRefusal) || pending}
        onClick={submit}
        data-testid="sell-role-submit"
      >
        寄售角色
      </button>
    </div>
  );
}
