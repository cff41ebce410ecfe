import { formatPriceFen } from '@app/protocol/format';
import { DEFAULT_SELL_RULES, depositFor, type SellRules, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Portal } from '../../components/portal';
import { paths } from '../../lib/paths';
import { showToast } from '../../lib/ui-bus';
import { useCreateAuction } from './api/auction-api';
import { AuctionCommitment } from './auction-rules';
import '../../components/sell-form.css';
import './auction.css';

/** What the dialog needs of the listing (the shelf passes it; features do not import each other). */
export interface AuctionListing {
  id: string;
  title: string;
  type: number;
  /** Fen. */
  price: number;
}

/** What a 转为拍卖 form reads: a problem to show, or the call's input. */
export function readAuctionForm(
  form: { start: string; increment: string; hours: string; buyNow: string },
  type: number,
  rules: Pick<SellRules, 'auctionMinHours' | 'auctionMaxHours' | 'auctionMinIncrementFen'>,
): { error: string } | { error: null; startPrice: number; increment: number; hours: number; buyNowPrice?: number } {
  const start = yuanToFen(form.start);
  if (start === null || start <= 0) return { error: '请输入正确的起拍价' };
  const increment = yuanToFen(form.increment);
  if (increment === null || increment < rules.auctionMinIncrementFen)
    return { error: `加价幅度不能低于${formatPriceFen(rules.auctionMinIncrementFen)}` };
  if (type === 1 && (start % 100 !== 0 || increment % 100 !== 0)) return { error: '角色价格须为整数元' };
  const hours = Number(form.hours);
  if (!Number.isInteger(hours) || hours < rules.auctionMinHours || hours > rules.auctionMaxHours)
    return { error: `拍卖时长须在${rules.auctionMinHours}至${rules.auctionMaxHours}小时之间` };
  if (!form.buyNow.trim()) return { error: null, startPrice: start, increment, hours };
  const buyNow = yuanToFen(form.buyNow);
  if (buyNow === null || buyNow <= start) return { error: '一口价须高于起拍价' };
  return { error: null, startPrice: start, increment, hours, buyNowPrice: buyNow };
}

/**
 * 转为拍卖 (the seller's shelf, loaded when first opened): start price, increment, duration and an
 * optional buy-it-now, checked as typed with the game's auction rules; the server checks the same.
 */
export default function AuctionCreateDialog({
  scene,
  listing,
  onClose,
}: {
  scene: string;
  listing: AuctionListing;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateAuction();
  const rules = DEFAULT_SELL_RULES;
  const [form, setForm] = useState({
    start: String(Math.floor(listing.price / 100)),
    increment: String(Math.max(rules.auctionMinIncrementFen, Math.floor(listing.price / 2000) * 100) / 100),
    hours: '24',
    buyNow: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const read = readAuctionForm(form, listing.type, rules);
  const field = (name: keyof typeof form, label: string, hint?: string) => (
    <label className="sell-field" style={{ marginTop: 10 }}>
      <span>{label}</span>
      <input
        value={form[name]}
        inputMode={name === 'hours' ? 'numeric' : 'decimal'}
        placeholder={hint}
        onChange={(e) => {
          setForm({ ...form, [name]: e.target.value.replace(/[^\d.]/g, '') });
          setProblem(null);
        }}
        data-testid={`auction-create-${name}`}
      />
    </label>
  );
  const save = async () => {
    if (read.error !== null) return setProblem(read.error);
    const { error: _, ...input } = read;
    const created = await create.mutateAsync({ commodityId: listing.id, ...input }).catch(() => null);
    if (!created) return;
    showToast('已转为拍卖');
    onClose();
    navigate(paths.auctionDetail(scene, created.commodityId));
  };
  return (
    <Portal>
      <div className="mask" role="dialog" aria-modal="true" data-testid="auction-create-dialog">
        <div className="modal" style={{ padding: 20, textAlign: 'left' }}>
          <div className="modal-title">转为拍卖</div>
          <p className="muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
            {listing.title}
          </p>
          {field('start', '起拍价（元）')}
          {field('increment', '加价幅度（元）', `不低于${formatPriceFen(rules.auctionMinIncrementFen, false)}`)}
          {field('hours', '拍卖时长（小时）', `${rules.auctionMinHours}-${rules.auctionMaxHours}`)}
          {field('buyNow', '一口价（元，选填）', '高于起拍价')}
          <p
            className={read.error === null ? 'muted' : 'sell-problem'}
            style={{ marginTop: 8, fontSize: 13 }}
            data-testid="auction-create-hint"
          >
            {problem ??
              (read.error === null
                ? `买家需缴纳保证金 ${formatPriceFen(depositFor(read.startPrice, rules))} 参与竞拍；结束时价高者得，未成交商品恢复原价在售。`
                : read.error)}
          </p>
          <AuctionCommitment side="seller" />
          <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
            <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
              取消
            </button>
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={create.isPending}
              onClick={save}
              data-testid="auction-create-save"
            >
              开始拍卖
            </button>
          </div>
        </div>
      </div>
    </Portal>
  );
}
