import {
  IM_CLIENT,
  IM_CODES,
  IM_MESSAGES,
  IM_SOCKET_PATH,
  type ImClientFrame,
  type ImMessage,
  type ImServerFrame,
} from '@app/protocol/im';
import type { Notice } from '@app/protocol/notices';

/**
 * The chat socket's client (docs/protocol.md, "The chat socket"), free of React so that the
 * conversation page, the notification banner and the tests share it. It logs in with the chat login
 * of tencentUserSig, retries a refused login up to IM_CLIENT.loginRetries times (2024: a new login
 * after 1.5 s; 3003: logged out, then in with a new token), reconnects after a drop, and on every
 * login asks each watched group for what came after the last seq it holds, so nothing is lost and
 * nothing shown twice. A message not answered when the socket dropped is sent again after the next
 * login under the same ref, which the server posts once.
 */
export interface ChatLogin {
  account: string;
  token: string;
}

export interface ChatClientOptions {
  url: string;
  /** The chat login; `fresh` asks for a new one instead of the stored one. */
  login(fresh: boolean): Promise<ChatLogin>;
  /** Forgets a stored login that the socket refused. */
  forgetLogin(): void;
  WebSocketImpl?: typeof WebSocket;
}

/** A dropped socket is tried again after 1 s, 2 s, 4 s… at most 10 s. */
const RECONNECT_BASE_MS = 1000;

/** How long a request waits for its answer (a send: over reconnects too). */
const ANSWER_WITHIN_MS = 10_000;
const NETWORK_ERROR = '网络异常，请稍后重试';

type Pending = {
  resolve: (frame: ImServerFrame) => void;
  timer: ReturnType<typeof setTimeout>;
  /** A send's frame, resent under its ref after a reconnect. */
  resend?: ImClientFrame;
};

/** Refs unique per page (the server keeps a send's ref per account): random, and counted. Works on plain http too. */
function refPrefix(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
export type ChatState = 'idle' | 'connecting' | 'online' | 'failed';

export class ChatClient {
  account: string | null = null;
  state: ChatState = 'idle';
  private socket: WebSocket | null = null;
  private refs = 0;
  private readonly refBase = refPrefix();
  private pending = new Map<string, Pending>();
  private lastSeq = new Map<string, number>();
  private watchers = new Map<string, Set<(messages: ImMessage[]) => void>>();
  private listeners = new Set<(message: ImMessage) => void>();
  private readListeners = new Set<(groupId: string, account: string, seq: number) => void>();
  private noticeListeners = new Set<(notice: Notice) => void>();
  private stateListeners = new Set<(state: ChatState) => void>();
  private failures = 0;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: ChatClientOptions) {}

  start(): void {
    this.stopped = false;
    if (this.state === 'idle' || this.state === 'failed') void this.open(false);
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.answerPending(() => true);
    this.socket?.close(1000);
    this.socket = null;
    this.setState('idle');
  }

  /** Every new message of any of the account's groups (the banner, the unread badges). */
  onMessage(listener: (message: ImMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onRead(listener: (groupId: string, account: string, seq: number) => void): () => void {
    this.readListeners.add(listener);
    return () => this.readListeners.delete(listener);
  }

  /** A notification pushed while the user's push switch is on. */
  onNotice(listener: (notice: Notice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  onState(listener: (state: ChatState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /**
   * Follows one group from `afterSeq`: the listener gets each message once, in seq order, including
   * the ones that came while the socket was away.
   */
  watch(groupId: string, afterSeq: number, listener: (messages: ImMessage[]) => void): () => void {
    if (!this.lastSeq.has(groupId) || (this.lastSeq.get(groupId) ?? 0) < afterSeq) this.lastSeq.set(groupId, afterSeq);
    const set = this.watchers.get(groupId) ?? new Set();
    set.add(listener);
    this.watchers.set(groupId, set);
    if (this.state === 'online') void this.catchUp(groupId);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.watchers.delete(groupId);
    };
  }

  async history(
    groupId: string,
    page: { after?: number; before?: number; limit?: number } = {},
  ): Promise<{ messages: ImMessage[]; more: boolean; readOnly: boolean }> {
    const frame = await this.request({ t: 'history', ref: this.nextRef(), groupId, ...page });
    if (frame.t === 'history') return frame;
    throw new Error(frame.t === 'nack' ? frame.msg : IM_MESSAGES.closed);
  }

  /** Sends and answers the stored message (with its seq), or throws the server's zh-CN refusal. */
  async send(groupId: string, kind: 'text' | 'order' | 'image', body: string): Promise<ImMessage> {
    const frame = await this.request({ t: 'send', ref: this.nextRef(), groupId, kind, body }, true);
    if (frame.t === 'ack') {
      this.deliver(groupId, [frame.message]);
      return frame.message;
    }
    throw new Error(frame.t === 'nack' ? frame.msg : '发送失败，请重试');
  }

  markRead(groupId: string, seq: number): void {
    this.write({ t: 'read', groupId, seq });
  }

  private nextRef(): string {
    this.refs += 1;
    return `${this.refBase}-${this.refs}`;
  }

  private setState(state: ChatState) {
    this.state = state;
    for (const l of this.stateListeners) l(state);
  }

  private write(frame: ImClientFrame): boolean {
    if (this.socket?.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Sends a frame with a ref and answers the server's answer; `resend`: kept over a reconnect and sent again. */
  private request(frame: Extract<ImClientFrame, { ref: string }>, resend = false): Promise<ImServerFrame> {
    return new Promise((resolve, reject) => {
      if (!this.write(frame)) return reject(new Error(NETWORK_ERROR));
      const timer = setTimeout(() => {
        this.pending.delete(frame.ref);
        reject(new Error(NETWORK_ERROR));
      }, ANSWER_WITHIN_MS);
      this.pending.set(frame.ref, resend ? { resolve, timer, resend: frame } : { resolve, timer });
    });
  }

  /** Answers the pending requests that `which` picks with the network's nack. */
  private answerPending(which: (p: Pending) => boolean) {
    for (const [ref, p] of this.pending) {
      if (!which(p)) continue;
      clearTimeout(p.timer);
      this.pending.delete(ref);
      p.resolve({ t: 'nack', ref, msg: NETWORK_ERROR });
    }
  }

  private async open(fresh: boolean): Promise<void> {
    this.setState('connecting');
    let login: ChatLogin;
    try {
      login = await this.options.login(fresh);
    } catch {
      return this.fail(false);
    }
    if (this.stopped) return;
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const socket = new Impl(this.options.url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ t: 'login', account: login.account, token: login.token }));
    socket.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ImServerFrame, login);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      // Pages and presence are asked again; an unanswered message waits to be sent again.
      this.answerPending((p) => !p.resend);
      if (!this.stopped && this.state !== 'failed') this.fail(false);
    };
  }

  /** A refused or dropped login: try again, a new login after 1.5 s, at most loginRetries times in a row. */
  private fail(fresh: boolean) {
    this.failures += 1;
    if (this.failures > IM_CLIENT.loginRetries) {
      this.answerPending(() => true);
      return this.setState('failed');
    }
    this.setState('connecting');
    const wait = fresh ? IM_CLIENT.reloginAfterMs : Math.min(10_000, RECONNECT_BASE_MS * 2 ** (this.failures - 1));
    this.retry = setTimeout(() => void this.open(fresh), wait);
  }

  private receive(frame: ImServerFrame, login: ChatLogin) {
    if (frame.t === 'login') {
      this.account = login.account;
      this.failures = 0;
      this.setState('online');
      for (const p of this.pending.values()) if (p.resend) this.write(p.resend);
      for (const groupId of this.watchers.keys()) void this.catchUp(groupId);
      return;
    }
    if (frame.t === 'error') {
      const socket = this.socket;
      // Beyond a frame limit: the frame was not handled, the socket stays (a flood is closed by the server).
      if (frame.code === IM_CODES.TOO_FREQUENT) return;
      this.socket = null;
      socket?.close();
      this.answerPending((p) => !p.resend);
      if (frame.code === IM_CODES.RELOGIN || frame.code === IM_CODES.KICKED) {
        this.options.forgetLogin();
        return this.fail(true);
      }
      return this.setState('failed');
    }
    if (frame.t === 'msg') {
      for (const l of this.listeners) l(frame.message);
      return this.deliver(frame.message.groupId, [frame.message]);
    }
    if (frame.t === 'notice') {
      for (const l of this.noticeListeners) l(frame.notice);
      return;
    }
    if (frame.t === 'read') {
      for (const l of this.readListeners) l(frame.groupId, frame.account, frame.seq);
      return;
    }
    if ('ref' in frame) {
      const p = this.pending.get(frame.ref);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(frame.ref);
      p.resolve(frame);
    }
  }

  /** Hands a watched group its messages once each, in order; a gap asks the server for what is missing. */
  private deliver(groupId: string, messages: ImMessage[]) {
    const watchers = this.watchers.get(groupId);
    if (!watchers) return;
    const last = this.lastSeq.get(groupId) ?? 0;
    const fresh = messages.filter((m) => m.seq > last).sort((a, b) => a.seq - b.seq);
    if (fresh.length === 0) return;
    if ((fresh[0] as ImMessage).seq !== last + 1) return void this.catchUp(groupId);
    const inOrder: ImMessage[] = [];
    for (const m of fresh) if (m.seq === last + 1 + inOrder.length) inOrder.push(m);
    this.lastSeq.set(groupId, last + inOrder.length);
    for (const w of watchers) w(inOrder);
  }

  private async catchUp(groupId: string) {
    try {
      for (;;) {
        const page = await this.history(groupId, { after: this.lastSeq.get(groupId) ?? 0 });
        this.deliver(groupId, page.messages);
        if (!page.more) return;
      }
    } catch {
      // The next login catches up again.
    }
  }
}

/** The chat socket's address beside the page (ws: on http, wss: on https). */
export const chatSocketUrl = (location: { protocol: string; host: string }) =>
  `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${IM_SOCKET_PATH}`;
