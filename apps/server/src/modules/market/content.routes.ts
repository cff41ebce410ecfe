import {
  advertising,
  bannerList,
  marqueeList,
  popup,
  posterList,
  splashView,
  webViewLink,
} from '@app/protocol/calls/market-content';
import { CommodityType } from '@app/protocol/commodity';
import { formatCount, formatPriceFen } from '@app/protocol/format';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../platform/db/handle';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { recentTrades } from '../exchange/listing-stats';
import { serverNames } from './catalogue';
import { marketDb } from './market.tables';

/** How long a client may keep the marquee, and how often it scrolls to the next line (seconds). */
export const MARQUEE_CACHE_SECONDS = 60;
export const MARQUEE_STEP_SECONDS = 4;

type Kind = 'banner' | 'poster' | 'popup' | 'splash' | 'ad' | 'notice';
const linkType = (n: number) => (n === 2 || n === 3 ? n : 1) as 1 | 2 | 3;

/**
 * Live slots of a kind and place: started, not ended, in display order; with `applicationId`, that
 * game's and every game's (null: every game's only).
 */
function liveSlots(db: DbHandle, kind: Kind, place: string, applicationId?: string | null) {
  const now = new Date();
  let q = marketDb(db)
    .selectFrom('content_slots')
    .selectAll()
    .where('kind', '=', kind)
    .where('place', '=', place)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
  if (applicationId === null) q = q.where('application_id', 'is', null);
  else if (applicationId)
    q = q.where((eb) => eb.or([eb('application_id', 'is', null), eb('application_id', '=', applicationId)]));
  return q.orderBy('sort').orderBy('id').execute();
}

const toBanner = (s: Awaited<ReturnType<typeof liveSlots>>[number]) => ({
  id: String(s.id),
  bannerName: s.title,
  imageUrl: s.image_url,
  hyperlink: s.hyperlink,
  hyperlinkType: linkType(s.hyperlink_type),
  applicationId: s.application_id,
});

/** The live banners of a place, as bannerList answers them. */
export async function bannersOf(db: DbHandle, place: string) {
  return { list: (await liveSlots(db, 'banner', place)).map(toBanner) };
}

/** Banners, posters, popup, splash, the SDK's ads and its marquee of recent trades and notices. */
export function contentRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;
  const market = marketDb(db);
  registerCall(app, platform, webViewLink, async ({ hyperlink }) => {
    if (/^\/(?![/\\])/.test(hyperlink)) return { allowed: true };
    const published = await market
      .selectFrom('content_slots')
      .select('id')
      .where('hyperlink', '=', hyperlink)
      .limit(1)
      .executeTakeFirst();
    return { allowed: published !== undefined && /^https?:\/\//i.test(hyperlink) };
  });
  registerCall(app, platform, bannerList, (input) => bannersOf(db, input.place));
  registerCall(app, platform, posterList, async (input) => ({
    list: (await liveSlots(db, 'poster', input.place)).map((s) => ({
      id: String(s.id),
      posterUrl: s.image_url,
      title: s.title,
      applicationId: s.application_id ?? '',
      linkUrl: s.hyperlink,
    })),
  }));
  registerCall(app, platform, popup, async (input, ctx) => {
    // The SDK home is one game's (X-AppId): its popup is that game's or every game's, never another's.
    const [s] = await liveSlots(db, 'popup', input.place, input.place === 'sdkHome' ? ctx.appId : undefined);
    return {
      popup: s
        ? {
            id: String(s.id),
            title: s.title,
            imageUrl: s.image_url,
            popupHyperlink: s.hyperlink,
            popupHyperlinkType: linkType(s.hyperlink_type),
            intervalHours: s.interval_hours,
          }
        : null,
    };
  });
  registerCall(app, platform, splashView, async () => {
    const [s] = await liveSlots(db, 'splash', 'app');
    return {
      splash: s
        ? {
            id: String(s.id),
            imageUrl: s.image_url,
            hyperlink: s.hyperlink,
            hyperlinkType: linkType(s.hyperlink_type),
            seconds: 3,
          }
        : null,
    };
  });
  registerCall(app, platform, advertising, async (_input, ctx) => ({
    list: (await liveSlots(db, 'ad', 'sdkHome', ctx.appId)).map(toBanner),
  }));
  registerCall(app, platform, marqueeList, async (_input, ctx) => {
    const appId = ctx.appId;
    const [notices, trades] = await Promise.all([
      liveSlots(db, 'notice', 'sdkHome', appId),
      recentTrades(db, appId, 15),
    ]);
    const servers = await serverNames(
      db,
      appId,
      trades.map((t) => t.server_id),
    );
    return {
      list: [
        ...notices.map((n) => ({ id: `n${n.id}`, text: n.title, time: Math.floor(n.starts_at.getTime() / 1000) })),
        ...trades.map((t) => ({
          id: `t${t.id}`,
          text: `恭喜玩家在【${servers.get(t.server_id) ?? '本服'}】以${formatPriceFen(t.price_fen)}购得${
            t.type === CommodityType.COIN && t.coin_num
              ? `${formatCount(t.coin_num)}${t.title.replace(/^[\d.万亿]+/, '')}`
              : t.title
          }`,
          time: Math.floor(t.sold_at.getTime() / 1000),
        })),
      ],
      cacheTime: MARQUEE_CACHE_SECONDS,
      timeStep: MARQUEE_STEP_SECONDS,
    };
  });
}
