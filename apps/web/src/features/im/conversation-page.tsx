import { formatPriceFen, formatShortDateTime } from '@app/protocol/format';
import { IM_LIMITS, IM_MESSAGES, type ImMessage, imRoleLabel } from '@app/protocol/im';
import { ArrowDown, ChevronRight } from 'lucide-react';
import { type ComponentType, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { copy } from '../../lib/copy';
import { PAGES, paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { type ChatImageUrl, uploadChatImage, useChatImage } from './api/chat-image';
import { useChatOrder } from './api/get-chat-order';
import { useImGroup } from './api/get-im-group';
import { type StaffChatLogin, useChat } from './chat';
import { chatTitle } from './chat-title';
import './im.css';

/** Customer service's chat on the workbench: his login and the chat's pictures, asked over his console session. */
export interface StaffChat {
  login: StaffChatLogin;
  imageUrl: ChatImageUrl;
  /** Tells when the console session is over (his chat login with it); answers how to stop listening. */
  onEnded(listener: () => void): () => void;
}

function ChatImage({ m, ask }: { m: ImMessage; ask: ChatImageUrl | null }) {
  const image = useChatImage(m.groupId, m.seq, ask);
  if (image.data)
    return (
      <a href={image.data.url} target="_blank" rel="noreferrer" className="im-bubble im-image">
        <img src={image.data.url} alt="聊天图片" />
      </a>
    );
  return (
    <div className="im-bubble im-image im-image-loading" data-testid="im-image-pending">
      {image.isError ? '图片加载失败' : '图片加载中…'}
    </div>
  );
}

function Bubble({ m, mine, scene, ask }: { m: ImMessage; mine: boolean; scene: string; ask: ChatImageUrl | null }) {
  if (m.role === 'system')
    return (
      <div className="im-system" data-testid="im-system">
        <span className="im-tag im-tag-system">{imRoleLabel.system}</span>
        {m.body}
      </div>
    );
  return (
    <div className={`im-row${mine ? ' mine' : ''}`} data-testid="im-message" data-seq={m.seq}>
      {mine ? null : <span className={`im-tag im-tag-${m.role}`}>{imRoleLabel[m.role]}</span>}
      {m.kind === 'image' ? (
        <ChatImage m={m} ask={ask} />
      ) : m.kind === 'order' ? (
        <Link to={paths.orderDetail(scene, m.body)} className="im-bubble im-order-card">
          订单 {m.body}
          <span className="muted">
            查看订单详情 <ChevronRight size="1em" aria-hidden="true" />
          </span>
        </Link>
      ) : (
        <div className="im-bubble">{m.body}</div>
      )}
    </div>
  );
}

/**
 * The order chat (/app/pages/personalTransaction/IM/conversation/index2, indexIos on iOS, and every
 * scene's equivalent): the order above, the messages with who said them (买家 / 卖家 / 官方 / 客服),
 * earlier pages on request, and the input while the chat is open. Params: orderId, or groupId;
 * tencentAccount / tencentToken when the app hands its chat login over. On the workbench
 * (indexForWorkingTable) `Beside` is what 客服 sees next to the chat: the order, its timeline and
 * receipt, the decision; `staff` his chat login and the pictures, asked over the console session
 * (both composed in app/pages, they belong to the console): no chat login in the address.
 */
export default function ConversationPage({ Beside, staff }: { Beside?: ComponentType; staff?: StaffChat } = {}) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // indexForWorkingTable: customer service, his chat login asked over the console session (no user session).
  const workbench = globalThis.location.pathname.endsWith(PAGES.conversationWorkbench);
  const staffChat = workbench ? (staff ?? null) : null;
  useState(() => {
    const account = params.get('tencentAccount');
    const token = params.get('tencentToken');
    // The app hands its chat login to the page: kept like one fetched here.
    if (account && token && !workbench) {
      storage.set('tencentAccount', account);
      storage.set('tencentToken', token);
    }
  });
  const group = useImGroup(workbench ? '' : orderId);
  const groupId = params.get('groupId') ?? group.data?.groupId ?? null;
  const order = useChatOrder(workbench ? '' : orderId);
  const { client, state } = useChat(staffChat?.login);
  // The console session over: the chat stops asking for a login it cannot get, and says why.
  const [ended, setEnded] = useState(false);
  useEffect(
    () =>
      staffChat?.onEnded(() => {
        setEnded(true);
        client.stop();
      }),
    [staffChat, client],
  );
  const [messages, setMessages] = useState<ImMessage[]>([]);
  const [more, setMore] = useState(false);
  const [readOnly, setReadOnly] = useState(false);
  const [ready, setReady] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  /** True while the newest message is in view: new ones scroll in; otherwise they are counted. */
  const stick = useRef(true);
  const [unseen, setUnseen] = useState(0);

  // The newest page first, then every later message once, from this socket or after a reconnect.
  useEffect(() => {
    if (!groupId || state !== 'online') return;
    let off: (() => void) | null = null;
    let cancelled = false;
    client
      .history(groupId)
      .then((page) => {
        if (cancelled) return;
        setMessages(page.messages);
        setMore(page.more);
        setReadOnly(page.readOnly);
        setReady(true);
        const last = page.messages.at(-1)?.seq ?? 0;
        if (last) client.markRead(groupId, last);
        off = client.watch(groupId, last, (fresh) => {
          setMessages((old) => [...old, ...fresh]);
          if (!stick.current) setUnseen((n) => n + fresh.filter((m) => m.sender !== client.account).length);
          const newest = fresh.at(-1);
          if (newest && document.visibilityState === 'visible') client.markRead(groupId, newest.seq);
        });
      })
      .catch((error: Error) => {
        setReady(true);
        showToast(error.message);
      });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [client, groupId, state]);

  // Each new batch of messages (the count changes) scrolls to the newest unless the user paged back.
  const count = messages.length;
  useLayoutEffect(() => {
    if (count > 0 && stick.current) bottom.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  // Scrolled up to read, the user keeps his place; scrolled back down, the count of new ones clears.
  const onScroll = (el: HTMLDivElement) => {
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    if (stick.current) setUnseen(0);
  };
  const toNewest = () => {
    stick.current = true;
    setUnseen(0);
    bottom.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  };

  const earlier = async () => {
    if (!groupId || !messages[0]) return;
    stick.current = false;
    const page = await client.history(groupId, { before: messages[0].seq });
    setMessages((old) => [...page.messages, ...old]);
    setMore(page.more);
  };

  /** Texts waiting for the one in flight, and whether one (text, order card or picture) is in flight. */
  const queue = useRef<string[]>([]);
  const busy = useRef(false);
  const sendImage = async (file: File | undefined) => {
    if (!file || !groupId || busy.current) return;
    busy.current = true;
    setSending(true);
    stick.current = true;
    try {
      await client.send(groupId, 'image', await uploadChatImage(file));
    } catch (error) {
      showToast((error as Error).message);
    } finally {
      busy.current = false;
      setSending(false);
    }
    // Texts entered while the picture went up follow it, in order.
    const waiting = queue.current.shift();
    if (waiting !== undefined) void send('text', waiting, false);
  };

  /**
   * Sends one message. The box clears at once (what is typed meanwhile is the next message, never
   * wiped by the acknowledgement); a failed text comes back into an empty box. A text sent while
   * one is in flight waits its turn: each Enter is one message, in the order they were pressed. One
   * loop sends them one after another, so a key pressed as a send ends cannot overtake the queue.
   */
  const send = async (kind: 'text' | 'order', body: string, fromBox = kind === 'text') => {
    if (!groupId) return;
    if (kind === 'text' && body.trim().length === 0) return showToast(IM_MESSAGES.empty);
    if (fromBox) setText('');
    if (busy.current) {
      if (kind === 'text') queue.current.push(body);
      return;
    }
    busy.current = true;
    setSending(true);
    stick.current = true;
    try {
      let next: { kind: 'text' | 'order'; body: string } | undefined = { kind, body };
      while (next) {
        try {
          await client.send(groupId, next.kind, next.body);
        } catch (error) {
          showToast((error as Error).message);
          const failed = next;
          if (failed.kind === 'text') setText((typed) => typed || failed.body);
        }
        const waiting = queue.current.shift();
        next = waiting === undefined ? undefined : { kind: 'text', body: waiting };
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send('text', text);
    }
  };

  const me = client.account ?? storage.get('uid');
  const o = order.data;
  // 客服 in the chat: said by the group, or by a message of his since it was read.
  const withService = (group.data?.withService ?? false) || messages.some((m) => m.role === 'cs');
  const title = chatTitle({ workbench, orderId, side: o ? o.role : null, withService });
  const closed = (!group.isPending || params.get('groupId')) && !groupId;

  const body = closed ? (
    <EmptyState
      title={IM_MESSAGES.closed}
      action={
        orderId ? (
          <Link className="btn btn-ghost" to={paths.orderDetail(scene, orderId)}>
            查看订单
          </Link>
        ) : (
          <Link className="btn btn-ghost" to={paths.messages(scene)}>
            返回消息
          </Link>
        )
      }
    />
  ) : (
    <div className="im-chat" data-testid="im-chat">
      {o ? (
        <Link to={paths.orderDetail(scene, o.orderId)} className="im-order" data-testid="im-order">
          <img src={o.firstImg} alt="" width={48} height={48} />
          <div className="im-order-main">
            <div className="im-order-title">{o.title}</div>
            <div className="muted">
              {formatPriceFen(o.price)} · <b>{o.statusLabel}</b>
            </div>
          </div>
          <span className="muted">
            订单详情 <ChevronRight size="1em" aria-hidden="true" />
          </span>
        </Link>
      ) : null}
      <div className="im-messages" data-testid="im-messages" onScroll={(e) => onScroll(e.currentTarget)}>
        {ended ? (
          <div className="im-system" data-testid="im-session-ended">
            登录已失效，请重新登录后再打开本页
          </div>
        ) : state === 'failed' ? (
          <div className="im-system">聊天连接失败，请刷新页面重试</div>
        ) : state !== 'online' || !ready ? (
          <div className="im-system">正在连接…</div>
        ) : null}
        {more ? (
          <button type="button" className="im-earlier" onClick={() => void earlier()} data-testid="im-earlier">
            查看更早的消息
          </button>
        ) : null}
        {ready && messages.length === 0 ? (
          <div className="im-system">还没有消息，说点什么吧。交易请在平台内完成，勿私下转账。</div>
        ) : null}
        {messages.map((m, i) => {
          const prev = messages[i - 1];
          return (
            <div key={m.seq}>
              {!prev || m.at - prev.at > 5 * 60_000 ? <div className="im-time">{formatShortDateTime(m.at)}</div> : null}
              <Bubble m={m} mine={m.sender === me} scene={scene} ask={staffChat?.imageUrl ?? null} />
            </div>
          );
        })}
        <div ref={bottom} />
      </div>
      {unseen > 0 ? (
        <button type="button" className="im-new" onClick={toNewest} data-testid="im-new-notice">
          {unseen > 99 ? '99+' : unseen} 条新消息 <ArrowDown size="1em" aria-hidden="true" />
        </button>
      ) : null}
      {readOnly ? (
        <div className="im-readonly" data-testid="im-readonly">
          {IM_MESSAGES.readOnly}
        </div>
      ) : (
        <div className="im-input">
          {orderId && !workbench ? (
            <button
              type="button"
              className="im-send-order"
              disabled={sending || state !== 'online'}
              onClick={() => void send('order', orderId)}
              data-testid="im-send-order"
            >
              发订单
            </button>
          ) : null}
          {workbench ? null : (
            <label
              className={`im-send-order${sending || state !== 'online' ? ' disabled' : ''}`}
              data-testid="im-send-image"
            >
              图片
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif,image/heic"
                hidden
                disabled={sending || state !== 'online'}
                onChange={(e) => {
                  void sendImage(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </label>
          )}
          <textarea
            value={text}
            maxLength={IM_LIMITS.textChars}
            rows={1}
            placeholder="输入消息…"
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            data-testid="im-text"
          />
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending || state !== 'online' || text.trim().length === 0}
            onClick={() => void send('text', text)}
            data-testid="im-send"
          >
            {copy.send}
          </button>
        </div>
      )}
    </div>
  );

  if (scene === 'web' || scene === 'webpc' || scene === 'h5pc')
    return (
      <PcLayout scene={scene}>
        <div className="im-pc">
          <h2 className="order-pc-title">{title}</h2>
          {body}
        </div>
      </PcLayout>
    );
  if (workbench && Beside)
    return (
      <div className="im-wb" data-testid="im-workbench">
        <header className="im-wb-top">
          <b>客服工作台</b>
          <span>订单聊天 · 以“客服”身份发言，买卖双方可见</span>
          <span className={`im-wb-online ${ended ? 'failed' : state}`}>
            {ended ? '登录已失效' : state === 'online' ? '聊天已连接' : '聊天连接中…'}
          </span>
        </header>
        <main className="im-wb-main">
          <section className="im-wb-chat" aria-label="订单聊天">
            {body}
          </section>
          <aside className="im-wb-side" aria-label="订单信息">
            <Beside />
          </aside>
        </main>
      </div>
    );
  if (workbench)
    return (
      <MobileLayout title={title}>
        <div className="im-workbench">{body}</div>
      </MobileLayout>
    );
  return <MobileLayout title={title}>{body}</MobileLayout>;
}
