import type { BrokerOrder } from '@app/protocol/calls/broker-orders';
import { formatDateTime } from '@app/protocol/format';
import { BrokerOrderStatus } from '@app/protocol/statuses/broker-order-status';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChatImagePicks } from '../../lib/chat-image-picks';
import { showToast } from '../../lib/ui-bus';
import { uploadTradeShot } from './api/upload-trade-shot';

const MAX_SHOTS = 3;
const MEETING: ReadonlySet<number> = new Set([
  BrokerOrderStatus.PAID,
  BrokerOrderStatus.ENGAGED,
  BrokerOrderStatus.DELIVERING,
]);

/**
 * 游戏内交易 (docs/decisions/0023-broker.md): where both sides meet in the game — the merchant's role
 * and server once he started, the buyer's role — and the steps; the chat is where they arrange it.
 * Then the merchant's report (its note and screenshots) for the buyer to check before confirming.
 */
export function TradeMeet({ o, chatPath }: { o: BrokerOrder; chatPath?: string | undefined }) {
  if (o.delivery !== 'trade') return null;
  const report = o.tradeReport;
  if (!MEETING.has(o.status) && !report) return null;
  return (
    <section className="card broker-qty trade-meet" data-testid="trade-meet">
      <b>游戏内交易</b>
      <ol className="trade-steps">
        <li className={o.status >= BrokerOrderStatus.DELIVERING || report ? 'done' : ''}>在订单聊天中约定时间地点</li>
        <li className={report ? 'done' : ''}>双方进入游戏面对面交易</li>
        <li>买家核对后确认收货</li>
      </ol>
      <dl className="broker-order-facts">
        <div>
          <dt>商人角色</dt>
          <dd data-testid="trade-meet-from">
            {o.deliverFrom
              ? `${o.deliverFrom.roleName || o.deliverFrom.gameRoleId}（${o.deliverFrom.serverName || o.serverName}）`
              : '商人开始交易时告知'}
          </dd>
        </div>
        <div>
          <dt>买家角色</dt>
          <dd data-testid="trade-meet-to">{o.deliverTo.roleName || o.deliverTo.gameRoleId}</dd>
        </div>
      </dl>
      {report ? (
        <div className="trade-report" data-testid="trade-report">
          <span>
            商人已于 {formatDateTime(report.at * 1000)} 报告交易完成{report.note ? `：${report.note}` : ''}
          </span>
          {report.images.length ? (
            <span data-testid="trade-report-shots">
              {report.images.length} 张交易截图已发送到订单聊天
              {chatPath ? (
                <>
                  ，<Link to={chatPath}>去查看</Link>
                </>
              ) : null}
            </span>
          ) : null}
        </div>
      ) : (
        <p className="muted broker-qty-hint">请在订单聊天中约定交易的时间和地点，交易完成后由商人点「我已交易」。</p>
      )}
    </section>
  );
}

/** 我已交易: the merchant's report of the in-game trade, an optional note and up to 3 screenshots. */
export function TradeReportForm({
  pending,
  onReport,
  onClose,
}: {
  pending: boolean;
  onReport: (input: { note: string; images: string[] }) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const picked = useChatImagePicks(MAX_SHOTS, uploadTradeShot, `最多上传${MAX_SHOTS}张交易截图`);
  const { picks: shots, add } = picked;
  const submit = () => {
    if (picked.uploading) return showToast('图片上传中，请稍候');
    onReport({ note: note.trim(), images: picked.urls() });
  };
  return (
    <div className="trade-report-form" data-testid="trade-report-form">
      <label className="broker-field">
        <span>交易说明（选填）</span>
        <input
          value={note}
          maxLength={200}
          placeholder="如：已在主城交易行与买家面交"
          onChange={(e) => setNote(e.target.value)}
          data-testid="trade-report-note"
        />
      </label>
      <div className="trade-shots">
        {shots.map((s) => (
          <div key={s.key} className={`trade-shot${s.failed ? ' failed' : ''}`} data-testid="trade-report-image">
            <img src={s.preview} alt="交易截图" />
            {!s.url && !s.failed ? <div className="trade-shot-state">上传中…</div> : null}
            {s.failed ? <div className="trade-shot-state">上传失败</div> : null}
            <button
              type="button"
              className="trade-shot-remove"
              aria-label="删除图片"
              onClick={() => picked.remove(s.key)}
            >
              <X size="1em" aria-hidden="true" />
            </button>
          </div>
        ))}
        {shots.length < MAX_SHOTS ? (
          <label className="trade-shot trade-shot-add">
            <span>+ 交易截图</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/heic"
              multiple
              hidden
              onChange={(e) => {
                add(e.target.files);
                e.target.value = '';
              }}
              data-testid="trade-report-input"
            />
          </label>
        ) : null}
      </div>
      <p className="muted broker-qty-hint">
        截图将发送到订单聊天（选填，最多{MAX_SHOTS}张）；买家确认收货后货款进入结算。
      </p>
      <div className="publish-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          取消
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={pending}
          onClick={submit}
          data-testid="trade-report-submit"
        >
          确认已交易
        </button>
      </div>
    </div>
  );
}
