import { AUTO_CONFIRM_HOURS, SETTLE_PROTECTION_HOURS } from '@app/protocol/calls/orders';
import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import './safe-purchase.css';

const STEPS: Array<[string, string]> = [
  ['选择商品', '商品上架时已由游戏冻结，页面展示的角色、道具和金币就是你将收到的。'],
  ['下单付款', '在平台收银台付款，货款由平台托管，卖家此时拿不到钱。'],
  ['游戏发货', '游戏直接把商品发到你选择的账号或角色，并出具签名发货回执，无需与卖家私下交接。'],
  ['确认收货', `在游戏中核对无误后确认收货；${AUTO_CONFIRM_HOURS} 小时内未操作将自动确认。`],
  ['卖家到账', `确认收货后再经过 ${SETTLE_PROTECTION_HOURS} 小时保护期，货款才结算给卖家。`],
];

const GUARANTEES: Array<[string, string]> = [
  ['实名交易', '买卖双方均须完成实名认证，实名信息须与游戏注册信息一致；未成年人禁止参与虚拟物品交易。'],
  ['游戏内冻结', '上架期间商品由游戏冻结，卖家无法使用、转移或重复出售。'],
  ['资金托管', '货款在确认收货和保护期结束前都由平台托管。'],
  ['拒绝收货与客服介入', '收到的商品与描述不符时可拒绝收货并上传凭证，客服核实后退款，游戏先收回商品。'],
];

const WARNINGS = [
  '只在本平台下单付款，不要向任何人私下转账或扫码付款。',
  '平台和客服不会向你索要短信验证码、登录密码或支付密码。',
  '不要点击聊天中陌生人发来的链接，也不要添加对方的私人联系方式交易。',
  '遇到自称客服要求退款、解冻、刷流水的，都是诈骗，请立即联系平台客服。',
];

/**
 * 安全购买 (platform-shell §2, /web/pages/webViewImage/webViewImage titled 安全购买): how a purchase
 * is protected here, in this marketplace's real terms, and what a buyer must never do.
 */
export function SafePurchase({ scene, pc }: { scene: string; pc: boolean }) {
  return (
    <div className={`safe-purchase${pc ? ' pc' : ''}`} data-testid="safe-purchase">
      <section className="safe-purchase-hero">
        <ShieldCheck size={pc ? 44 : 32} aria-hidden="true" />
        <div>
          <b className="safe-purchase-hero-title">平台担保交易</b>
          <p>游戏内冻结交付 · 资金托管结算 · 客服介入处理纠纷</p>
        </div>
      </section>
      <section className="card safe-purchase-card">
        <h2>交易流程</h2>
        <ol className="safe-purchase-steps" data-testid="safe-purchase-steps">
          {STEPS.map(([title, text], i) => (
            <li key={title}>
              <span className="safe-purchase-no">{i + 1}</span>
              <span>
                <b>{title}</b>
                <span>{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className="card safe-purchase-card">
        <h2>交易保障</h2>
        <ul className="safe-purchase-points">
          {GUARANTEES.map(([title, text]) => (
            <li key={title}>
              <b>
                <ShieldCheck size={14} strokeWidth={2.25} aria-hidden="true" />
                {title}
              </b>
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card safe-purchase-card warn" data-testid="safe-purchase-warnings">
        <h2>
          <TriangleAlert size="1em" aria-hidden="true" /> 谨防诈骗
        </h2>
        <ul className="safe-purchase-warnings">
          {WARNINGS.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
        <Link className="btn btn-ghost btn-sm" to={paths.service(scene)} data-testid="safe-purchase-service">
          联系客服
        </Link>
      </section>
    </div>
  );
}
