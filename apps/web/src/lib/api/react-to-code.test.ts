import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ModalSpec, modalChannel, toastChannel } from '../ui-bus';
import { reactToCode } from './react-to-code';

// Posts held for a listener by another test file in this worker are not this file's.
beforeEach(() => {
  modalChannel.drop();
  toastChannel.drop();
});

afterEach(() => vi.unstubAllGlobals());

describe('the ban modal', () => {
  it("opens the scene's customer-service page from 联系客服", () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, pathname: '/webpc/pages/index/index', search: '' });
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    reactToCode('20111', '您的账号已被封禁，如有疑问请联系客服', 'webpc');
    reactToCode('20112', '', 'h5');
    off();
    expect(shown.map((m) => m.id)).toEqual(['ban', 'ban']);
    expect(shown[1]?.content).toBe('您的设备已被封禁，如有疑问请联系客服');
    const [back, contact] = shown[0]?.buttons ?? [];
    expect(back?.text).toBe('返回游戏');
    expect(contact).toMatchObject({ text: '联系客服', primary: true });
    contact?.onClick?.();
    expect(assign).toHaveBeenCalledWith('/webpc/pages/service/service');
    shown[1]?.buttons[1]?.onClick?.();
    expect(assign).toHaveBeenLastCalledWith('/h5/pages/service/service');
  });
});

describe('the modal states of a page-opening call', () => {
  it("a listing opened by an id that does not exist flashes 'commodityNotExist' and lands on the game's list", () => {
    const assign = vi.fn();
    vi.stubGlobal('location', {
      assign,
      pathname: '/h5/pages/commodityDetail/index',
      search: '?id=999&applicationId=7',
    });
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    const unknownId = { unknownId: true };
    reactToCode('30001', '商品不存在，即将跳转到商品列表', 'h5', { opens: 'commodity', data: unknownId });
    vi.stubGlobal('location', { assign, pathname: '/web/pages/commodityDetail/index', search: '?id=999' });
    reactToCode('30001', '商品不存在，即将跳转到商品列表', 'web', { opens: 'commodity', data: unknownId });
    // A listing that ended, and any other call, keep the 2 s 30001 modal.
    reactToCode('30001', '商品不存在，即将跳转到商品列表', 'h5', { opens: 'commodity', data: null });
    off();
    expect(shown.map((m) => [m.id, m.autoHideMs])).toEqual([
      ['commodityNotExist', 50],
      ['commodityNotExist', 50],
      ['commodityGone', 2000],
    ]);
    shown[0]?.onClose?.();
    expect(assign).toHaveBeenLastCalledWith('/h5/pages/commodityList/list?applicationId=7');
    shown[1]?.onClose?.();
    expect(assign).toHaveBeenLastCalledWith('/web/pages/index/index');
  });

  it("a listing that ended lands on its game's list (the link's applicationId), never a list without a game", () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, pathname: '/h5/pages/commodityDetail/index', search: '?id=5&applicationId=7' });
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    reactToCode('30001', '商品不存在，即将跳转到商品列表', 'h5', { opens: 'commodity', data: null });
    off();
    expect(shown.map((m) => m.id)).toEqual(['commodityGone']);
    shown[0]?.onClose?.();
    expect(assign).toHaveBeenLastCalledWith('/h5/pages/commodityList/list?applicationId=7');
  });

  it("someone else's order shows 'spe' with the server's message; closing goes back", () => {
    const back = vi.fn();
    vi.stubGlobal('history', { length: 2, state: { idx: 1 }, back });
    vi.stubGlobal('location', { assign: vi.fn(), pathname: '/h5/pages/orderNew/orderDetail/orderDetail', search: '' });
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    reactToCode('10002', '订单不存在', 'h5', { opens: 'private' });
    // Session codes keep their own behaviour on such a page.
    reactToCode('20118', '', 'h5', { opens: 'private' });
    off();
    expect(shown.map((m) => m.id)).toEqual(['spe', 'expiredLogin']);
    expect(shown[0]?.content).toBe('订单不存在');
    shown[0]?.onClose?.();
    expect(back).toHaveBeenCalledTimes(1);
  });
});

describe('an expired session', () => {
  it('relaunches login on the phone, but the desktop web scene stays and says so (its login info cleared)', () => {
    const assign = vi.fn();
    const items = new Map([['token', 'old']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
    vi.stubGlobal('location', { assign, pathname: '/web/pages/orderNew/orderList/orderList', search: '' });
    const shown: ModalSpec[] = [];
    const toasts: string[] = [];
    const offModal = modalChannel.on((spec) => shown.push(spec));
    const offToast = toastChannel.on((t) => toasts.push(t.text));
    reactToCode('50001', '登录超时，请重新登录', 'web');
    expect([shown.length, toasts, items.has('token'), assign.mock.calls.length]).toEqual([
      0,
      ['登录超时，请重新登录'],
      false,
      0,
    ]);
    items.set('token', 'old');
    vi.stubGlobal('location', { assign, pathname: '/h5/pages/orderNew/orderList/orderList', search: '' });
    reactToCode('50001', '登录超时，请重新登录', 'h5');
    offModal();
    offToast();
    expect(shown.map((m) => m.id)).toEqual(['expiredLogin']);
    expect(items.has('token')).toBe(false);
  });
});

describe("the ban modal's 返回游戏", () => {
  it('asks the game to close the view (closeView) in a game scene', async () => {
    const call = vi.fn(() => 'true');
    vi.stubGlobal('GameBridge', { call });
    const shown: ModalSpec[] = [];
    const off = modalChannel.on((spec) => shown.push(spec));
    reactToCode('20111', '您的账号已被封禁，如有疑问请联系客服', 'h5sdk');
    off();
    const [back] = shown[0]?.buttons ?? [];
    expect(back?.text).toBe('返回游戏');
    back?.onClick?.();
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith('closeView', 'null'));
  });
});
