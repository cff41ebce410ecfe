import {
  ErrorCode,
  errorCatalogue,
  isErrorCode,
  isUnknownCommodity,
  MODAL_AUTO_HIDE_MS,
  messageOf,
} from '@app/protocol/errors';
import { lockMessage } from '@app/protocol/format';
import { isGameScene, type Scene } from '@app/protocol/platform';
import { moveHost } from '../bridge';
import { copy } from '../copy';
import { paths, SCENE_PAGES } from '../paths';
import { clearLoginInfo } from '../storage';
import { noLineChannel, saleUnlockChannel, showModal, showToast } from '../ui-bus';
import { relaunch, showSpeModal } from './modal-states';

/**
 * The scene's login page with needLogin=expiredLogin, coming back afterwards to the page the
 * session ran out on (fromPage); the H5 SDK goes to its commodity list.
 */
export function loginPathOf(
  scene: Scene,
  here = `${globalThis.location.pathname}${globalThis.location.search}`,
): string {
  if (scene === 'h5sdk') return SCENE_PAGES.sdkHome;
  const login = paths.loginExpired(scene);
  if (here.startsWith(login.split('?')[0] ?? login)) return login;
  return `${login}&fromPage=${encodeURIComponent(here)}`;
}

/**
 * What a page-opening call loads, for the modal states no envelope code carries (platform-shell §4):
 * 'commodity' — a listing opened by its id: 30001 for an id that never was a listing flashes
 *   commodityNotExist and lands on the list (one that ended keeps the 2 s 30001 modal);
 * 'private' — something only its owner may view (an order): a refusal shows 'spe' with the
 * server's message and closing it goes back, instead of a toast over an empty page.
 */
export type OpensPage = 'commodity' | 'private';

export interface ReactOptions {
  justCheck?: boolean | undefined;
  opens?: OpensPage | undefined;
  data?: unknown;
}

/** The client side of the error catalogue: what each code does on screen (platform-shell §4, §8). */
export function reactToCode(code: string, msg: string, scene: Scene, options: ReactOptions = {}): void {
  if (options.opens === 'commodity' && code === ErrorCode.COMMODITY_NOT_EXIST && isUnknownCommodity(options.data)) {
    showCommodityNotExistModal(scene, messageOf(ErrorCode.COMMODITY_NOT_EXIST, 'web'));
    return;
  }
  if (options.opens === 'private' && isErrorCode(code) && errorCatalogue[code].behaviour === 'showMessage') {
    showSpeModal(msg || messageOf(code));
    return;
  }
  if (!isErrorCode(code)) {
    showToast(msg || copy.networkError);
    return;
  }
  const behaviour = errorCatalogue[code as ErrorCode].behaviour;
  switch (behaviour) {
    case 'expiredLogin':
      if (scene === 'websdk') {
        showToast(msg);
        return;
      }
      clearLoginInfo();
      // The desktop web scene is not relaunched onto login (platform-shell §4): it says so and stays;
      // its header offers 登录, and a page only a logged-in user has asks for it (app/session-gate.tsx).
      if (scene === 'web') {
        showToast(msg || messageOf(code as ErrorCode));
        return;
      }
      showModal({
        id: 'expiredLogin',
        content: msg || messageOf(code as ErrorCode),
        buttons: [{ text: copy.loginAgain, primary: true }],
        onClose: () => relaunch(loginPathOf(scene)),
      });
      return;
    case 'commodityGone': {
      const content = messageOf(code as ErrorCode, scene);
      showModal({
        id: 'commodityGone',
        content,
        buttons: [],
        autoHideMs: MODAL_AUTO_HIDE_MS.commodityGone,
        // The message promises the list: the list of the listing's game (its link's applicationId),
        // which asks for a game when none is known; the desktop web scene words it without the jump and goes home.
        onClose: () => relaunch(commodityGoneLanding(scene, globalThis.location?.search ?? '')),
      });
      return;
    }
    case 'ban':
      // 联系客服 opens the scene's customer-service page: its work-chat link, opened or copied;
      // 返回游戏 asks the game to close the view (closeView).
      showModal({
        id: 'ban',
        content: msg || messageOf(code as ErrorCode),
        buttons: [
          isGameScene(scene)
            ? { text: copy.returnToGame, onClick: () => void moveHost('closeView') }
            : { text: copy.cancel },
          { text: copy.contactService, primary: true, onClick: () => relaunch(paths.service(scene)) },
        ],
      });
      return;
    case 'noLine':
      clearLoginInfo();
      noLineChannel.emit({ since: Date.now() });
      return;
    case 'saleUnlock':
      saleUnlockChannel.emit({ at: Date.now() });
      return;
    case 'lockCountdown': {
      const unlockAt = Number(msg);
      showToast(Number.isFinite(unlockAt) && unlockAt > 0 ? lockMessage(unlockAt, new Date()) : msg, 3000);
      return;
    }
    case 'returnToCaller':
      if (code !== '31003' && !options.justCheck) showToast(msg);
      return;
    case 'returnData':
    case 'returnWholeResponse':
      return;
    default:
      showToast(msg || messageOf(code as ErrorCode));
  }
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

/** Where a listing that ended leaves the player: the list of its game when the link names it, else the list. */
export function commodityGoneLanding(scene: Scene, search: string): string {
  if (scene === 'web') return paths.home('web');
  const applicationId = new URLSearchParams(search).get('applicationId');
  return applicationId ? paths.list(scene, { applicationId }) : paths.list(scene);
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
