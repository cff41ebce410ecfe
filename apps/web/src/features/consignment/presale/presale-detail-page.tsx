import { downShelf, onShelf, takeBack, updatePreSaleInfo } from '@app/protocol/calls/consignment-shelf';
import { formatPriceFen } from '@app/protocol/format';
import { DEFAULT_SELL_RULES, priceProblem, type SellRules, sellerReceives, yuanToFen } from '@app/protocol/sell-rules';
import { type ListingStatus, listingActions } from '@app/protocol/statuses/listing-status';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/pc-page-frame';
import { callApi } from '../../../lib/api/call-api';
import { commodityDetailOptions } from '../../../lib/queries/get-commodity-detail';
import { showToast } from '../../../lib/ui-bus';
import { usePresaleRules } from './api/manual-presale';
import '../../../components/sell-form.css';
import './presale.css';

const ACTION_TEXT = { downShelf: '下架', onShelf: '重新上架', takeBack: '取回', modifyPrice: '修改预售信息' } as const;

/**
 * /{scene}/pages/userCenter/saleShelf/preSaledetails?saleType=1&commodityId=…: the seller's view of
 * a pre-sale (or normal, saleType 0) listing: status, price and what they receive, delivery days,
 * and what the status allows; a delisted pre-sale can change price, delivery days and description.
 */
export default function PresaleDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('commodityId') ?? '';
  const queryClient = useQueryClient();
  const detail = useQuery({ ...commodityDetailOptions(id, null), enabled: /^\d+$/.test(id) });
  const d = detail.data;
  const rules = usePresaleRules(d?.applicationId ?? '').data?.rules;
  const [editing, setEditing] = useState(false);
  const act = useMutation({
    mutationFn: (action: 'downShelf' | 'onShelf' | 'takeBack') =>
      callApi({ downShelf, onShelf, takeBack }[action], { commodityId: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commodityDetailOptions(id, null).queryKey }),
  });
  if (!d)
    return (
      <PageFrame title="预售详情">
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </PageFrame>
    );
  const receive = rules ? sellerReceives(d.price, rules).receive : null;
  const actions = d.isMine ? listingActions[d.status as ListingStatus] : [];
  return (
    <PageFrame title={d.saleType === 1 ? '预售详情' : '商品详情'}>
      <div className="card" style={{ margin: 12, padding: 16 }} data-testid="presale-detail">
        <div style={{ display: 'flex', gap: 12 }}>
          <img src={d.firstImg} alt="" width={88} height={88} style={{ borderRadius: 8, objectFit: 'cover' }} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <div style={{ fontWeight: 600, lineHeight: 1.5 }}>{d.title}</div>
            <div className="muted" style={{ fontSize: 12 }}>
              {d.gameName} · {d.serverName}
            </div>
            <div style={{ marginTop: 6, display: 'flex', gap: 6 }}>
              {d.saleType === 1 ? <span className="tag tag-presale">预售</span> : null}
              <span className="tag presale-status-tag" data-testid="presale-status">
                {d.statusName}
              </span>
            </div>
          </div>
        </div>
        <dl className="presale-facts">
          <dt>售价</dt>
          <dd>{formatPriceFen(d.price)}</dd>
          {receive !== null ? (
            <>
              <dt>成交后到手</dt>
              <dd data-testid="presale-detail-receive">{formatPriceFen(receive)}</dd>
            </>
          ) : null}
          {d.deliverDays ? (
            <>
              <dt>交付时间</dt>
              <dd>付款后 {d.deliverDays} 天内</dd>
            </>
          ) : null}
          <dt>描述</dt>
          <dd>{d.description || '—'}</dd>
        </dl>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {actions.map((a) =>
            a === 'modifyPrice' ? (
              d.saleType === 1 ? (
                <button
                  key={a}
                  type="button"
                  className="btn"
                  onClick={() => setEditing(true)}
                  data-testid="presale-edit"
                >
                  {ACTION_TEXT[a]}
                </button>
              ) : null
            ) : (
              <button
                key={a}
                type="button"
                className="btn btn-primary"
                disabled={act.isPending}
                onClick={() => act.mutate(a)}
                data-testid={`presale-${a}`}
              >
                {ACTION_TEXT[a]}
              </button>
            ),
          )}
        </div>
      </div>
      {editing ? (
        <EditPresale
          id={id}
          price={d.price}
          days={d.deliverDays ?? 7}
          description={d.description}
          rules={rules ?? DEFAULT_SELL_RULES}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </PageFrame>
  );
}

function EditPresale(props: {
  id: string;
  price: number;
  days: number;
  description: string;
  rules: SellRules;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [price, setPrice] = useState(String(props.price / 100));
  const [days, setDays] = useState(props.days);
  const [description, setDescription] = useState(props.description);
  const save = useMutation({
    mutationFn: (fen: number) =>
      callApi(updatePreSaleInfo, { commodityId: props.id, price: fen, deliverDays: days, description }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: commodityDetailOptions(props.id, null).queryKey });
      showToast('已保存');
      props.onClose();
    },
  });
  return (
    <div className="mask" role="dialog" aria-modal="true">
      <div className="modal" style={{ padding: 20 }}>
        <div className="modal-title">修改预售信息</div>
        <div className="sell-form" style={{ marginTop: 12 }}>
          <label className="sell-field">
            <span>售价（元）</span>
            <input
              value={price}
              inputMode="numeric"
              onChange={(e) => setPrice(e.target.value)}
              data-testid="presale-edit-price"
            />
          </label>
          <label className="sell-field">
            <span>交付天数</span>
            <input
              value={days}
              inputMode="numeric"
              onChange={(e) => setDays(Number(e.target.value.replace(/\D/g, '')) || 1)}
            />
          </label>
          <label className="sell-field">
            <span>描述</span>
            <textarea maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
          </label>
          <div style={{ display: 'flex', gap: 8 }}>
            <button type="button" className="btn btn-ghost btn-block" onClick={props.onClose}>
              取消
            </button>
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={save.isPending}
              onClick={() => {
                const fen = yuanToFen(price);
                const problem = fen === null ? '请输入正确的价格' : priceProblem(1, fen, props.rules);
                if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
                save.mutate(fen);
              }}
              data-testid="presale-edit-save"
            >
              保存
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
