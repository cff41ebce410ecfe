import { IM_CLIENT, IM_CODES, type ImClientFrame, type ImMessage, type ImServerFrame } from '@app/protocol/im';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatClient, type ChatLogin } from './chat-client';

/** A socket the test plays the server of: what the client sent, and answering or closing it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: ImClientFrame[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as ImClientFrame);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  answer(frame: ImServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const last = () => FakeSocket.all.at(-1) as FakeSocket;

function client() {
  let issued = 0;
  const calls: string[] = [];
  const login = vi.fn(async (fresh: boolean): Promise<ChatLogin> => {
    calls.push(fresh ? 'login(fresh)' : 'login');
    issued += 1;
    return { account: 'u1', token: `t${issued}` };
  });
  const forgetLogin = vi.fn(() => {
    calls.push('forget');
  });
  const chat = new ChatClient({
    url: 'ws://test/im/v1/socket',
    login,
    forgetLogin,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  return { chat, login, forgetLogin, calls };
}

/** Lets the client's awaited login run (fake timers do not run promise callbacks by themselves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Opens the newest socket and answers its login frame with `answer`. */
async function loginWith(answer: ImServerFrame) {
  await settle();
  const socket = last();
  socket.open();
  expect(socket.sent[0]).toMatchObject({ t: 'login', account: 'u1' });
  socket.answer(answer);
  return socket;
}

const message = (seq: number): ImMessage => ({
  id: String(seq),
  groupId: 'g1',
  seq,
  sender: 'u1',
  role: 'buyer',
  kind: 'text',
  body: '你好',
  at: 0,
});

describe('the chat client’s recovery', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on 2024 forgets the login and asks a new one after 1.5 s, not sooner', async () => {
    const { chat, calls } = client();
    chat.start();
    const first = await loginWith({ t: 'error', code: IM_CODES.RELOGIN, msg: '聊天登录已失效，请重新登录' });
    expect(first.closed).toBe(true);
    expect(calls).toEqual(['login', 'forget']);
    await vi.advanceTimersByTimeAsync(IM_CLIENT.reloginAfterMs - 1);
    expect(FakeSocket.all.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['login', 'forget', 'login(fresh)']);
    await loginWith({ t: 'login', account: 'u1' });
    expect(chat.state).toBe('online');
    expect(last().sent[0]).toMatchObject({ token: 't2' });
  });

  it('on 3003 logs out (forgets the stored login) before logging in with a new one', async () => {
    const { chat, calls } = client();
    chat.start();
    await loginWith({ t: 'login', account: 'u1' });
    const first = last();
    // Another page took this login: the server says 3003 on the older socket.
    first.answer({ t: 'error', code: IM_CODES.KICKED, msg: '您已在其他页面打开聊天' });
    expect(first.closed).toBe(true);
    expect(calls).toEqual(['login', 'forget']);
    await vi.advanceTimersByTimeAsync(IM_CLIENT.reloginAfterMs);
    expect(calls).toEqual(['login', 'forget', 'login(fresh)']);
    await loginWith({ t: 'login', account: 'u1' });
    expect(last().sent[0]).toMatchObject({ token: 't2' });
    expect(chat.state).toBe('online');
  });

  it('gives up after five refusals in a row, and a login answered starts the count again', async () => {
    const { chat, login } = client();
    const refused: ImServerFrame = { t: 'error', code: IM_CODES.RELOGIN, msg: '聊天登录已失效，请重新登录' };
    chat.start();
    // Four refusals, then a login: the count starts over.
    for (let i = 0; i < 4; i++) {
      await loginWith(refused);
      await vi.advanceTimersByTimeAsync(IM_CLIENT.reloginAfterMs);
    }
    await loginWith({ t: 'login', account: 'u1' });
    expect(chat.state).toBe('online');
    last().answer(refused);
    // Now the online socket is refused and so are its five retries: then it stays failed.
    for (let i = 0; i < IM_CLIENT.loginRetries; i++) {
      await vi.advanceTimersByTimeAsync(IM_CLIENT.reloginAfterMs);
      expect(chat.state).toBe('connecting');
      await loginWith(refused);
    }
    expect(chat.state).toBe('failed');
    const tries = login.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(login.mock.calls.length).toBe(tries);
    expect(tries).toBe(5 + IM_CLIENT.loginRetries);
  });

  it('resends an unanswered message after a reconnect under the same ref, and shows it once', async () => {
    const { chat } = client();
    const shown: number[] = [];
    chat.start();
    await loginWith({ t: 'login', account: 'u1' });
    chat.watch('g1', 0, (messages) => shown.push(...messages.map((m) => m.seq)));
    const first = last();
    const catchUp = first.sent.find((f) => f.t === 'history') as Extract<ImClientFrame, { t: 'history' }>;
    first.answer({ t: 'history', ref: catchUp.ref, groupId: 'g1', messages: [], more: false, readOnly: false });
    const sending = chat.send('g1', 'text', '你好');
    const sent = first.sent.find((f) => f.t === 'send') as Extract<ImClientFrame, { t: 'send' }>;
    // The socket drops before the ack: the message is not failed, it waits for the next login.
    first.close();
    await vi.advanceTimersByTimeAsync(1000);
    const second = await loginWith({ t: 'login', account: 'u1' });
    const again = second.sent.filter((f) => f.t === 'send');
    expect(again).toEqual([sent]);
    second.answer({ t: 'ack', ref: sent.ref, message: message(1) });
    await expect(sending).resolves.toEqual(message(1));
    // The catch-up after the login brings the same message: shown once.
    const resume = second.sent.find((f) => f.t === 'history') as Extract<ImClientFrame, { t: 'history' }>;
    second.answer({
      t: 'history',
      ref: resume.ref,
      groupId: 'g1',
      messages: [message(1)],
      more: false,
      readOnly: false,
    });
    await settle();
    expect(shown).toEqual([1]);
  });

  it('gives up on an unanswered message after 10 s with the network’s words', async () => {
    const { chat } = client();
    chat.start();
    await loginWith({ t: 'login', account: 'u1' });
    const sending = chat.send('g1', 'text', '你好');
    const failed = expect(sending).rejects.toThrow('网络异常，请稍后重试');
    last().close();
    await vi.advanceTimersByTimeAsync(10_000);
    await failed;
  });

  it('keeps the socket on a 10005 refusal and names its requests uniquely per page', async () => {
    const one = client();
    one.chat.start();
    const socket = await loginWith({ t: 'login', account: 'u1' });
    socket.answer({ t: 'error', code: IM_CODES.TOO_FREQUENT, msg: '操作过于频繁，请稍后再试' });
    expect(socket.closed).toBe(false);
    expect(one.chat.state).toBe('online');
    void one.chat.send('g1', 'text', 'a').catch(() => {});
    const two = client();
    two.chat.start();
    const other = await loginWith({ t: 'login', account: 'u1' });
    void two.chat.send('g1', 'text', 'a').catch(() => {});
    const ref = (s: FakeSocket) => (s.sent.find((f) => f.t === 'send') as { ref: string }).ref;
    expect(ref(socket)).not.toBe(ref(other));
    one.chat.stop();
    two.chat.stop();
  });
});
