import { copy } from '../copy';
import { paths } from '../paths';
import { sceneOfPath } from '../platform';
import { showModal } from '../ui-bus';

/**
 * The modal state codes of platform-shell §4 that no envelope code carries (the request layer's
 * codes are in react-to-code.ts, loaded with the first refusal, and so is 'commodityNotExist',
 * which only a refused call opens): 'spe' closes and goes back, 'redownload' sends an overly old
 * app to the download site in the outside browser.
 */
export const OLD_APP_MESSAGE = '当前App版本过低，请卸载后前往官网重新下载最新版本';

/** Where the app goes after a relaunch: a full navigation, as the original client's reLaunch. */
export function relaunch(path: string): void {
  globalThis.location.assign(path);
}

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
