import { MODAL_AUTO_HIDE_MS } from '@app/protocol/errors';
import type { Scene } from '@app/protocol/platform';
import { copy } from '../copy';
import { paths } from '../paths';
import { sceneOfPath } from '../platform';
import { showModal } from '../ui-bus';

/**
 * The modal state codes of platform-shell §4 that no envelope code carries (the request layer's
 * codes are in react-to-code.ts): 'spe' closes and goes back, 'redownload' sends an overly old app
 * to the download site in the outside browser, 'commodityNotExist' flashes and hides after 50 ms.
 */
export const OLD_APP_MESSAGE = '当前App版本过低，请卸载后前往官网重新下载最新版本';

/** Back one page, or the scene's home when this is the first page of the visit. */
function goBack(): void {
  if (globalThis.history.length > 1 && globalThis.history.state?.idx > 0) globalThis.history.back();
  else globalThis.location.assign(paths.sceneHome(sceneOfPath(globalThis.location.pathname) ?? 'h5'));
}

export function showSpeModal(content: string): void {
  showModal({ id: 'spe', content, buttons: [{ text: copy.confirm, primary: true }], onClose: goBack });
}

/** The pre environment's too-old app (platform-shell §8): 去下载 opens the download site outside the app. */
export function showRedownloadModal(downloadUrl: string, content = OLD_APP_MESSAGE): void {
  showModal({
    id: 'redownload',
    content,
    buttons: [
      { text: copy.cancel },
      {
        text: '去下载',
        primary: true,
        onClick: () => {
          globalThis.open(downloadUrl, '_blank', 'noopener');
        },
      },
    ],
  });
}

/**
 * Where a listing that does not exist leaves the player: the list of the game he came from (the
 * detail link carries its applicationId), else the scene's home (the desktop web scene has no
 * bare list). Never the empty detail page.
 */
export function commodityNotExistLanding(scene: Scene, search: string): string {
  const applicationId = new URLSearchParams(search).get('applicationId');
  if (applicationId && scene !== 'web') return paths.list(scene, { applicationId });
  return paths.sceneHome(scene);
}

/** 商品不存在 flashes (50 ms) and the player lands on the list or the scene's home. */
export function showCommodityNotExistModal(scene: Scene, content = '商品不存在'): void {
  const landing = commodityNotExistLanding(scene, globalThis.location?.search ?? '');
  showModal({
    id: 'commodityNotExist',
    content,
    buttons: [],
    autoHideMs: MODAL_AUTO_HIDE_MS.commodityNotExist,
    onClose: () => globalThis.location.assign(landing),
  });
}
