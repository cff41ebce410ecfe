import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ModalSpec, modalChannel, toastChannel } from '../ui-bus';
import { showRedownloadModal, showSpeModal } from './modal-states';
import { showCommodityNotExistModal } from './react-to-code';

// Posts held for a listener by another test file in this worker are not this file's.
beforeEach(() => {
  modalChannel.drop();
  toastChannel.drop();
});

afterEach(() => vi.unstubAllGlobals());

function capture(run: () => void): ModalSpec[] {
  const shown: ModalSpec[] = [];
  const off = modalChannel.on((spec) => shown.push(spec));
  run();
  off();
  return shown;
}

describe('modal states', () => {
  it("'spe' goes back on close, or to the scene's home on the first page of the visit", () => {
    const back = vi.fn();
    const assign = vi.fn();
    vi.stubGlobal('history', { length: 3, state: { idx: 2 }, back });
    vi.stubGlobal('location', { pathname: '/h5/pages/commodityDetail/index', assign });
    const [spe] = capture(() => showSpeModal('该商品暂不可查看'));
    expect(spe).toMatchObject({ id: 'spe', content: '该商品暂不可查看' });
    spe?.onClose?.();
    expect(back).toHaveBeenCalledTimes(1);
    vi.stubGlobal('history', { length: 1, state: { idx: 0 }, back });
    spe?.onClose?.();
    expect(assign).toHaveBeenCalledWith('/h5/pages/index/index');
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("'redownload' opens the download site outside the app", () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const [modal] = capture(() => showRedownloadModal('https://example.com/download'));
    expect(modal?.id).toBe('redownload');
    expect(modal?.content).toContain('版本过低');
    modal?.buttons.find((b) => b.primary)?.onClick?.();
    expect(open).toHaveBeenCalledWith('https://example.com/download', '_blank', 'noopener');
  });

  it("'commodityNotExist' hides itself after 50 ms", () => {
    const [modal] = capture(() => showCommodityNotExistModal('h5'));
    expect(modal).toMatchObject({ id: 'commodityNotExist', buttons: [], autoHideMs: 50 });
  });
});
