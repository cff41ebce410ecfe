import { LinkType, normaliseLinkType } from '@app/protocol/links';
import { isGameScene, SCENES, type Scene } from '@app/protocol/platform';
import { paths } from '../../lib/paths';

/** A banner, poster or popup link (business-flows §2–§3). */
export interface LinkInput {
  hyperlink: string;
  hyperlinkType?: unknown;
  bannerName?: string;
  /** Opened from the home popup. */
  popup?: boolean;
  /** 2 marks links the SDK never follows. */
  tagType?: number;
  /** The game the link belongs to, when it has one. */
  applicationId?: string | null;
}

export interface LinkContext {
  scene: Scene;
  /** The game in view (X-AppId). */
  currentAppId: string | null;
  /** Our own origin: http links to it open as routes. */
  origin?: string;
}

export type LinkAction =
  | { kind: 'none' }
  | { kind: 'refuse'; message: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'browser'; url: string; via: 'bridge' | 'window' };

export const REFUSE_JUMP = '不支持跳转';
export const REFUSE_OTHER_APP = '当前应用不支持跳转';
const SDK_BLOCKED_PAGES = ['/pages/moneyMaking/info', '/pages/productNew/info'];

const isHttp = (link: string) => /^https?:\/\//i.test(link);

/** The in-app path of a relative link, moved into the current scene. */
function scenePath(link: string, scene: Scene): string {
  const path = link.replace('{scene}', scene).replace(/^\/?/, '/');
  const first = path.split('/')[1] ?? '';
  if ((SCENES as readonly string[]).includes(first)) return `/${scene}${path.slice(first.length + 1)}`;
  if (path.startsWith('/pages/')) return `/${scene}${path}`;
  return `/${scene}/pages${path}`;
}

/** The application a link points at: its own field, else an applicationId in its query. */
function linkAppId(input: LinkInput): string | null {
  if (input.applicationId) return input.applicationId;
  const query = input.hyperlink.split('?')[1];
  return query ? new URLSearchParams(query.split('#')[0]).get('applicationId') : null;
}

export function webViewPath(scene: Scene, input: LinkInput): string {
  const q = new URLSearchParams({
    bannerName: input.bannerName ?? '',
    hyperlink: input.hyperlink,
    popup: input.popup ? '1' : '0',
  });
  return paths.webViewImage(scene, q);
}

/**
 * What a click on a link does: hyperlinkType 1 opens in the app (routes, or the banner web view
 * for http links), 2 opens the external browser (the host's gotoBrowser in app and SDK scenes),
 * 3 does nothing. The H5 SDK refuses product / money-making pages, other games and tagType 2.
 */
export function decideLink(input: LinkInput, ctx: LinkContext): LinkAction {
  const type = normaliseLinkType(input.hyperlinkType);
  const link = input.hyperlink.trim();
  if (type === LinkType.NONE || !link) return { kind: 'none' };
  if (ctx.scene === 'h5sdk') {
    if (input.tagType === 2) return { kind: 'refuse', message: REFUSE_JUMP };
    const path = link.split('?')[0] ?? '';
    if (SDK_BLOCKED_PAGES.some((p) => path.includes(p))) return { kind: 'refuse', message: REFUSE_JUMP };
    const appId = linkAppId(input);
    if (appId && ctx.currentAppId && appId !== ctx.currentAppId) return { kind: 'refuse', message: REFUSE_OTHER_APP };
  }
  if (type === LinkType.EXTERNAL) {
    const url = isHttp(link) ? link : `${ctx.origin ?? ''}${scenePath(link, ctx.scene)}`;
    const viaBridge = ctx.scene === 'app' || isGameScene(ctx.scene);
    return { kind: 'browser', url, via: viaBridge ? 'bridge' : 'window' };
  }
  if (isHttp(link)) {
    if (ctx.origin && link.startsWith(`${ctx.origin}/`))
      return { kind: 'navigate', to: scenePath(link.slice(ctx.origin.length), ctx.scene) };
    return { kind: 'navigate', to: webViewPath(ctx.scene, { ...input, hyperlink: link }) };
  }
  return { kind: 'navigate', to: scenePath(link, ctx.scene) };
}
