import { z } from 'zod';
import { defineCall } from '../contract';

/** Banners, posters, popups, splash, marquee and ads (business-flows §2–§3 banner links). */

const linkType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const placeSchema = z.enum(['home', 'sdkHome', 'pcHome', 'detail', 'my']);

const bannerSchema = z.object({
  id: z.string(),
  bannerName: z.string(),
  imageUrl: z.string(),
  hyperlink: z.string(),
  /** 1 in the app (default), 2 external browser, 3 no jump. */
  hyperlinkType: linkType,
  applicationId: z.string().nullable(),
});

export const bannerList = defineCall({
  service: 'market',
  call: 'bannerList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Live banners of a place, in display order',
  request: z.object({ place: placeSchema.default('home') }),
  response: z.object({ list: z.array(bannerSchema) }),
});

/** Banner scroller item (business-flows §3). */
const posterSchema = z.object({
  id: z.string(),
  posterUrl: z.string(),
  title: z.string(),
  applicationId: z.string(),
  linkUrl: z.string(),
});

export const posterList = defineCall({
  service: 'market',
  call: 'posterList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Posters of the horizontal scroller',
  request: z.object({ place: placeSchema.default('home') }),
  response: z.object({ list: z.array(posterSchema) }),
});

const popupSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  popupHyperlink: z.string(),
  popupHyperlinkType: linkType,
  /** The client shows it again only after this many hours. */
  intervalHours: z.number().int(),
});

export const popup = defineCall({
  service: 'market',
  call: 'popup',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The popup of a place, if one is live',
  request: z.object({ place: placeSchema.default('home') }),
  response: z.object({ popup: popupSchema.nullable() }),
});

export const splashView = defineCall({
  service: 'market',
  call: 'splashView',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'The launch splash of the app, if one is live',
  request: z.object({}),
  response: z.object({
    splash: z
      .object({
        id: z.string(),
        imageUrl: z.string(),
        hyperlink: z.string(),
        hyperlinkType: linkType,
        seconds: z.number().int(),
      })
      .nullable(),
  }),
});

export const marqueeList = defineCall({
  service: 'exchange',
  call: 'marqueeList',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'h5sdk',
  requiresAppId: true,
  operationId: 'h5sdk.marqueeList',
  summary:
    'The scrolling news line: recent trades and notices of the game in X-AppId; the client keeps it cacheTime seconds and scrolls every timeStep seconds',
  request: z.object({}),
  response: z.object({
    list: z.array(z.object({ id: z.string(), text: z.string(), time: z.number().int() })),
    cacheTime: z.number().int(),
    timeStep: z.number().int(),
  }),
});

export const advertising = defineCall({
  service: 'exchange',
  call: 'advertising',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'h5sdk',
  requiresAppId: true,
  operationId: 'h5sdk.advertising',
  summary: 'The ad slot of the SDK home for the game in X-AppId',
  request: z.object({}),
  response: z.object({ list: z.array(bannerSchema) }),
});

/**
 * Whether the banner web view (/{scene}/pages/webViewImage/webViewImage) may show a link: a path
 * of this site, or a link the operator put on a banner, poster, popup or notice. Anything else is
 * refused, so the page cannot be used to frame someone else's site under the marketplace's name.
 */
export const webViewLink = defineCall({
  service: 'market',
  call: 'webViewLink',
  version: 1,
  access: 'pb',
  method: 'GET',
  scene: 'app',
  summary: 'Whether the banner web view may show a link (this site, or a link of the content the operator published)',
  request: z.object({ hyperlink: z.string().trim().min(1).max(2048) }),
  response: z.object({ allowed: z.boolean() }),
});
