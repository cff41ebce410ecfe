import { OrderStatus, orderStatusLabel } from '@app/protocol/statuses/order-status';
import { type SupportRequest, useJoinSupport, useSupportRequests } from '../api/support-requests';
import { formatSeconds } from './format';
import { SupportDecide } from './support-decide';
import { workbenchChatUrl } from './workbench-url';

const STATUS_LABEL: Record<SupportRequest['status'], string> = { open: '待接入', joined: '处理中', closed: '已处理' };

function SupportCard({ request }: { request: SupportRequest }) {
  const join = useJoinSupport();
  const refused = request.order?.status === OrderStatus.RECEIPT_REFUSED;
  const openChat = () =>
    join.mutate(request.id, {
      onSuccess: (joined) =>
        globalThis.open(
          workbenchChatUrl(joined, { orderId: request.orderId, requestId: request.id }),
          `support-${request.id}`,
        ),
    });
  return (
    <article className="ops-card" data-testid="ops-support" data-request-id={request.id}>
      <header>
        <div>
          <b>{request.order?.title ?? `订单 ${request.orderId}`}</b>
          <span className="ops-tag">{request.askedBy === 'buyer' ? '买家申请' : '卖家申请'}</span>
        </div>
        <span className="ops-status">{STATUS_LABEL[request.status]}</span>
      </header>
      <dl>
        <dt>订单号</dt>
        <dd className="ops-mono">{request.order?.orderNo ?? request.orderId}</dd>
        <dt>订单状态</dt>
        <dd>
          {request.order ? (orderStatusLabel.buyer[request.order.status as OrderStatus] ?? request.order.status) : '—'}
        </dd>
        <dt>申请原因</dt>
        <dd className="ops-reason">{request.reason}</dd>
        <dt>申请时间</dt>
        <dd data-testid="ops-support-asked">{formatSeconds(request.createdAt)}</dd>
        {request.staffName ? (
          <>
            <dt>接入客服</dt>
            <dd>{request.staffName}</dd>
          </>
        ) : null}
      </dl>
      <div className="ops-actions">
        <button
          type="button"
          className="ops-primary"
          onClick={openChat}
          disabled={join.isPending}
          data-testid="ops-support-join"
        >
          {request.status === 'open' ? '接入并打开聊天' : '打开聊天'}
        </button>
      </div>
      {request.status === 'joined' ? <SupportDecide requestId={request.id} refused={refused} /> : null}
      {join.error ? <p className="ops-error">{join.error.message}</p> : null}
    </article>
  );
}

/** 客服工单: the requests players made from their order chats, oldest first; join, talk, decide. */
export function SupportTab() {
  const requests = useSupportRequests();
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>客服工单</h2>
          <p className="ops-muted">
            买家或卖家在订单聊天中申请客服介入。接入后以“客服”身份进入聊天，核实后给出处理结果。
          </p>
        </div>
        <button type="button" className="ops-secondary" onClick={() => void requests.refetch()}>
          刷新
        </button>
      </div>
      {requests.error ? <p className="ops-error">{requests.error.message}</p> : null}
      {requests.isPending ? <p className="ops-empty">加载中…</p> : null}
      {requests.data?.list.length === 0 ? <p className="ops-empty">暂无待处理的客服工单</p> : null}
      <div className="ops-list">
        {requests.data?.list.map((r) => (
          <SupportCard key={r.id} request={r} />
        ))}
      </div>
    </section>
  );
}
