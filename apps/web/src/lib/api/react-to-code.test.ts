import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ModalSpec, modalChannel } from '../ui-bus';
import { reactToCode } from './react-to-code';

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
