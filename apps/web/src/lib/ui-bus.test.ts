import { beforeEach, describe, expect, it } from 'vitest';
import { type ModalSpec, modalChannel, showModal, showToast, toastChannel } from './ui-bus';

// Posts held for a listener by another test file in this worker are not this file's.
beforeEach(() => {
  modalChannel.drop();
  toastChannel.drop();
});

// The launch's login check can be answered before the shell's hosts have mounted (the first render
// is a transition): its 20118 modal must still be shown, not posted to nobody.
describe('the request layer posts', () => {
  it('keeps a modal posted before any host listens and shows it to the first one, once', () => {
    showModal({ id: 'expiredLogin', content: '登录已过期，请重新登录', buttons: [] });
    const first: ModalSpec[] = [];
    const off = modalChannel.on((spec) => first.push(spec));
    expect(first.map((m) => m.id)).toEqual(['expiredLogin']);
    off();
    const second: ModalSpec[] = [];
    const offSecond = modalChannel.on((spec) => second.push(spec));
    expect(second).toEqual([]);
    showModal({ id: 'ban', content: '您的账号已被封禁', buttons: [] });
    expect(second.map((m) => m.id)).toEqual(['ban']);
    offSecond();
  });

  it('keeps toasts posted early in their order', () => {
    showToast('网络异常');
    showToast('请稍后再试', 3000);
    const toasts: Array<{ text: string; ms: number }> = [];
    const off = toastChannel.on((t) => toasts.push(t));
    expect(toasts).toEqual([
      { text: '网络异常', ms: 2000 },
      { text: '请稍后再试', ms: 3000 },
    ]);
    off();
  });
});
