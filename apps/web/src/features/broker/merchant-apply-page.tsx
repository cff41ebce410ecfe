import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageFrame } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useApplyMerchant, useBrokerConfig, useMerchant } from './api/broker-api';
import { formatCoins } from './broker-logic';
import { GameSelect, LoginFirst, loggedIn, MerchantStatusCard, useMerchantGame } from './merchant-shared';
import './broker.css';

const TERMS = [
  '商人须完成手机号绑定与实名认证，入驻需经平台审核并缴纳保证金或获得授信额度。',
  '商人发布的游戏币须为本人合法所得，库存须真实充足，不得虚假挂单或恶意抬价。',
  '买家付款后，商人须在承诺时效内完成发货；超时未发货、发货不足的订单将退款给买家。',
  '买家确认收货后货款进入商人账户待入账，结算期满后可提现；平台按成交额收取服务费。',
  '违反规则的商人将被暂停资格并下架全部商品，情节严重的扣除保证金。',
];

/** The application form: the shop's name and the terms accepted. */
function ApplyForm({ appId, feePercent, again }: { appId: string; feePercent: number; again: boolean }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const apply = useApplyMerchant();
  const [shopName, setShopName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState('');
  const submit = () => {
    const name = shopName.trim();
    if (name.length < 2 || name.length > 16) return setProblem('店铺名称为2到16个字');
    if (!agreed) return setProblem('请先阅读并同意商人服务协议');
    setProblem('');
    apply.mutate({ applicationId: appId, shopName: name }, { onError: (e) => setProblem(e.message) });
  };
  const from = `${globalThis.location.pathname}${globalThis.location.search}`;
  return (
    <section className="card merchant-form" data-testid="merchant-apply-form">
      <div className="broker-section-title">{again ? '重新申请入驻' : '申请成为商人'}</div>
      <label className="broker-field">
        <span>店铺名称</span>
        <input
          value={shopName}
          maxLength={16}
          placeholder="2到16个字，如：龙城金铺"
          onChange={(e) => setShopName(e.target.value)}
          data-testid="merchant-shop-name"
        />
      </label>
      <div className="merchant-terms" data-testid="merchant-terms">
        <b>商人服务协议</b>
        <ol>
          {TERMS.map((t) => (
            <li key={t}>{t}</li>
          ))}
          <li>本游戏服务费为成交额的{feePercent}%。</li>
        </ol>
      </div>
      <label className="merchant-agree">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="merchant-agree"
        />
        我已阅读并同意《商人服务协议》
      </label>
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="merchant-problem">
          {problem}
          {problem.includes('实名') ? (
            <>
              {' '}
              <Link to={paths.realName(scene, from)}>去认证</Link>
            </>
          ) : problem.includes('手机号') ? (
            <>
              {' '}
              <Link to={paths.bindPhone(scene, { from, needAuth: true })}>去绑定</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary merchant-submit"
        disabled={apply.isPending}
        onClick={submit}
        data-testid="merchant-apply"
      >
        {apply.isPending ? '提交中…' : '提交申请'}
      </button>
    </section>
  );
}

/** /{scene}/pages/broker/merchantApply: 商人入驻, the application and its standing (审核中 / 已开通 / 未通过). */
export default function MerchantApplyPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const { appId, game, games, choose } = useMerchantGame();
  const signedIn = loggedIn();
  const config = useBrokerConfig(appId);
  const merchant = useMerchant(appId, signedIn);
  const mine = merchant.data?.merchant ?? null;
  return (
    <PageFrame title="商人入驻">
      <div className="broker-page merchant-page" data-testid="merchant-apply-page">
        <section className="broker-banner merchant-banner">
          <div>
            <b>成为认证商人</b>
            <span>发布游戏币库存，买家按需下单，平台担保收款</span>
          </div>
          {games.length > 1 ? <GameSelect appId={appId} games={games} onChoose={choose} /> : null}
        </section>
        {config.data ? (
          <ul className="merchant-perks">
            <li>
              <b>{game?.gameName ?? '本游戏'}</b>
              <span>入驻游戏</span>
            </li>
            <li>
              <b>
                {formatCoins(config.data.minQuantity)}–{formatCoins(config.data.maxQuantity)}
              </b>
              <span>单笔数量范围</span>
            </li>
            <li>
              <b>{config.data.feePercent}%</b>
              <span>服务费</span>
            </li>
          </ul>
        ) : null}
        {!signedIn ? (
          <LoginFirst scene={scene} what="申请入驻" />
        ) : config.data && !config.data.enabled ? (
          <EmptyState title="该游戏暂未开放商人入驻" hint="可切换到其他游戏申请" />
        ) : merchant.isPending || !config.data ? (
          <div className="skeleton broker-skeleton broker-skeleton-260" />
        ) : merchant.isError ? (
          <EmptyState title={merchant.error.message} art="error" />
        ) : (
          <>
            {mine ? <MerchantStatusCard merchant={mine} /> : null}
            {!mine || mine.status === 'rejected' || mine.status === 'left' ? (
              <ApplyForm appId={appId} feePercent={config.data.feePercent} again={Boolean(mine)} />
            ) : mine.status === 'approved' ? (
              <Link
                className="btn btn-primary merchant-submit"
                to={paths.merchantCenter(scene, appId)}
                data-testid="merchant-go-center"
              >
                进入商人中心
              </Link>
            ) : null}
          </>
        )}
      </div>
    </PageFrame>
  );
}
