import { sellConfig } from '@app/protocol/calls/consignment';
import { bindUserPrePublishKey, finishPrePublish, prePublishCheck } from '@app/protocol/calls/consignment-keys';
import { priceProblem, yuanToFen } from '@app/protocol/sell-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { MobileLayout } from '../../../components/mobile-layout';
import { callApi } from '../../../lib/api/call-api';
import { sceneOfPath } from '../../../lib/platform';
import { showToast } from '../../../lib/ui-bus';
import { ExtraFields, PriceField } from '../sell/price-field';
import { SellerGate } from '../sell/seller-gate';
import '../sell-form.css';
import '../sell/sell.css';

const SHOT_TITLES: Record<string, string> = { equipment: '装备', bag: '背包', warehouse: '仓库', skills: '技能' };

function useCountdown(until: number | undefined) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!until) return '';
  const left = Math.max(0, until * 1000 - now);
  return `${Math.floor(left / 60_000)}分${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}秒`;
}

/**
 * /app/pages/codeSale/roleSale (and wxRoleSale): listing a role outside the game with the
 * consignment key (寄售码) the game issued. The key is checked (31001/31003/31006/31008 say why
 * it cannot be used), bound to the seller, and the listing finished at the seller's price.
 */
export default function KeySalePage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'app';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [key, setKey] = useState(params.get('key') ?? '');
  const [checked, setChecked] = useState<string | null>(null);
  const [price, setPrice] = useState('');
  const [buyer, setBuyer] = useState('');
  const [description, setDescription] = useState('');
  const role = useQuery({
    queryKey: ['key-sale', checked],
    queryFn: () => callApi(prePublishCheck, { key: checked as string }),
    enabled: checked !== null,
    retry: false,
  });
  const rules = useQuery({
    queryKey: ['key-sale-rules', role.data?.applicationId],
    queryFn: () => callApi(sellConfig, {}, { appId: role.data?.applicationId as string }),
    enabled: Boolean(role.data),
  });
  const countdown = useCountdown(role.data?.expireTime);
  const finish = useMutation({
    mutationFn: async (fen: number) => {
      const k = checked as string;
      await callApi(bindUserPrePublishKey, { key: k, applicationId: role.data?.applicationId as string });
      return callApi(finishPrePublish, {
        key: k,
        price: fen,
        ...(buyer ? { designatedTradeId: buyer } : {}),
        ...(description ? { description } : {}),
      });
    },
    onSuccess: () => {
      showToast('寄售成功，商品已上架');
      navigate(`/${scene}/pages/userCenter/saleShelf/saleShelf`, { replace: true });
    },
  });
  const fen = yuanToFen(price);
  return (
    <MobileLayout title="寄售码寄售">
      <SellerGate>
        <div className="card" style={{ margin: 12, padding: 16 }}>
          <div className="sell-form" data-testid="key-sale">
            <label className="sell-field">
              <span>寄售码</span>
              <input
                value={key}
                placeholder="输入游戏内获取的寄售码"
                onChange={(e) => setKey(e.target.value.trim().toUpperCase())}
                data-testid="key-input"
              />
            </label>
            <button
              type="button"
              className="btn btn-ghost btn-block"
              onClick={() => (key.length >= 4 ? setChecked(key) : showToast('请输入寄售码'))}
              data-testid="key-check"
            >
              查询角色
            </button>
            {role.data ? (
              <>
                <div className="sell-role-card" data-testid="key-role">
                  <div className="sell-role-name">{role.data.roleName}</div>
                  <div className="muted">
                    {role.data.gameName} · {role.data.serverName} · {role.data.jobName} · {role.data.level}级 · 战力{' '}
                    {role.data.roleAtt.toLocaleString()}
                  </div>
                  <div className="muted">寄售码有效期还剩 {countdown}</div>
                </div>
                <div className="sell-shots">
                  {role.data.screenshots.map((s) => (
                    <figure key={s.kind}>
                      <img src={s.url} alt={SHOT_TITLES[s.kind] ?? s.kind} loading="lazy" />
                      <figcaption>{SHOT_TITLES[s.kind] ?? s.kind}</figcaption>
                    </figure>
                  ))}
                </div>
                <PriceField
                  value={price}
                  onChange={setPrice}
                  fen={fen}
                  rules={rules.data?.rules}
                  whole
                  testId="key-price"
                />
                <ExtraFields
                  buyer={buyer}
                  setBuyer={setBuyer}
                  description={description}
                  setDescription={setDescription}
                />
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  disabled={finish.isPending}
                  onClick={() => {
                    const problem =
                      fen === null ? '请输入正确的价格' : rules.data ? priceProblem(1, fen, rules.data.rules) : null;
                    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
                    finish.mutate(fen);
                  }}
                  data-testid="key-submit"
                >
                  确认寄售
                </button>
              </>
            ) : null}
          </div>
        </div>
      </SellerGate>
      {finish.isPending ? <LoadingOverlay variant="consign" /> : null}
    </MobileLayout>
  );
}
