import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { AUTO_CONFIRM_HOURS, SETTLE_PROTECTION_HOURS } from '@app/protocol/calls/orders';
import { CommodityType } from '@app/protocol/commodity';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { sceneOfPath } from '../../../lib/platform';

const STEPS = ['下单付款', '游戏发货', '确认收货', '卖家到账'] as const;

/** What goes to the buyer and where, by kind of listing. */
const deliveryOf = (type: number) =>
  type === CommodityType.ROLE
    ? '付款后由游戏把角色转移到你选择的游戏账号（该账号在此区服须有空余角色位），并出具签名发货回执。'
    : '付款后由游戏直接发放到你选择的角色（须与商品在同一主服），并出具签名发货回执。';

/**
 * 交易保障 / 交易流程: how this marketplace protects a purchase, in its real terms (the order flow of
 * docs/architecture.md "Buying and money": game freeze, delivery by the game with its signed
 * receipt, the confirmation window, the seller's settlement window, what 拒绝收货 does).
 */
export default function TrustPanel({ detail }: { detail: Pick<CommodityDetail, 'type'> }) {
  const points: Array<[string, string]> = [
    ['游戏内冻结', '商品上架时已由游戏冻结，卖家无法再使用、转移或重复出售。'],
    ['游戏直接发货', deliveryOf(detail.type)],
    ['资金托管', `货款由平台托管；你确认收货后，卖家的款项还需经过 ${SETTLE_PROTECTION_HOURS} 小时保护期才到账。`],
    [
      '确认收货',
      `发货后 ${AUTO_CONFIRM_HOURS} 小时内请在游戏中核对并确认收货；有问题可拒绝收货，逾期未操作将自动确认。`,
    ],
    ['拒绝收货', '选择原因并上传凭证后由客服介入核实；核实退款时游戏先收回商品，货款全额退回你的余额。'],
  ];
  return (
    <section className="card section" data-testid="trust-section">
      <div className="section-title" style={{ marginBottom: 10 }}>
        交易流程
      </div>
      <ol className="c-steps" data-testid="trust-steps">
        {STEPS.map((s, i) => (
          <li key={s}>
            <span className="c-step-no">{i + 1}</span>
            <span>{s}</span>
          </li>
        ))}
      </ol>
      <div className="section-title" style={{ margin: '14px 0 8px' }}>
        交易保障
      </div>
      <ul className="c-guarantees">
        {points.map(([title, text]) => (
          <li key={title}>
            <b>
              <ShieldCheck size={14} strokeWidth={2.25} aria-hidden />
              {title}
            </b>
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <Link
        className="c-safe-purchase-link"
        to={paths.safePurchase(sceneOfPath(globalThis.location.pathname) ?? 'h5')}
        data-testid="trust-safe-purchase"
      >
        安全购买须知 <ChevronRight size="1em" aria-hidden="true" />
      </Link>
    </section>
  );
}
