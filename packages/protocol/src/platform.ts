/** Platforms, scenes and environments of platform-shell §1, §2 and §4. */
export const Platform = {
  H5_ANDROID: 'h5-android',
  H5_IOS: 'h5-ios',
  APP_ANDROID: 'app-android',
  APP_IOS: 'app-ios',
  H5_SDK_ANDROID: 'h5-sdk-android',
  H5_SDK_IOS: 'h5-sdk-ios',
  H5_SDK_WX: 'h5-sdk-wx',
  PC_SDK_DESKTOP: 'pc-sdk-desktop',
  PC_SDK_WEB: 'pc-sdk-web',
  WEB: 'web',
  WEB_SDK: 'web-sdk',
  LAND_SDK_ANDROID: 'land-sdk-android',
  LAND_SDK_IOS: 'land-sdk-ios',
  PC_WEB: 'pc-web',
} as const;
export type Platform = (typeof Platform)[keyof typeof Platform];
export const PLATFORMS = Object.values(Platform) as Platform[];

export const SCENES = ['h5', 'app', 'web', 'websdk', 'landsdk', 'h5sdk', 'webpc', 'h5pc', 'h5wx'] as const;
export type Scene = (typeof SCENES)[number];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as string[]).includes(value);
}

export function isScene(value: unknown): value is Scene {
  return typeof value === 'string' && (SCENES as readonly string[]).includes(value);
}

/** The scene a platform lands in from the root path (platform-shell §2, launch redirects). */
export const homeSceneOfPlatform: Record<Platform, Scene> = {
  'h5-android': 'h5',
  'h5-ios': 'h5',
  'app-android': 'app',
  'app-ios': 'app',
  'h5-sdk-android': 'h5sdk',
  'h5-sdk-ios': 'h5sdk',
  'h5-sdk-wx': 'h5wx',
  'pc-sdk-desktop': 'h5pc',
  'pc-sdk-web': 'webpc',
  web: 'web',
  'web-sdk': 'websdk',
  'land-sdk-android': 'landsdk',
  'land-sdk-ios': 'landsdk',
  'pc-web': 'web',
};

/** The landing path of the root redirect: the H5 SDK goes to its commodity list, others home. */
export function rootPathOfPlatform(platform: Platform): string {
  const scene = homeSceneOfPlatform[platform];
  if (scene === 'h5sdk') return '/h5sdk/pages/commodityList/list';
  if (scene === 'app') return '/app/pages/index/index?onLaunch=1';
  return `/${scene}/pages/index/index`;
}

export const CLIENT_SOURCES = ['H5', 'APP', 'H5SDK', 'PC', 'PCSDK'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];

/** X-Source by scene: web views in games sign as H5SDK, desktop game shells as PCSDK. */
export const xSourceOfScene: Record<Scene, ClientSource> = {
  h5: 'H5',
  h5wx: 'H5',
  app: 'APP',
  h5sdk: 'H5SDK',
  landsdk: 'H5SDK',
  web: 'PC',
  webpc: 'PC',
  h5pc: 'PCSDK',
  websdk: 'PCSDK',
};

export const isPcScene = (scene: Scene): boolean => ['web', 'webpc', 'h5pc', 'websdk'].includes(scene);
/** Scenes embedded in a game, where "return to game" replaces "cancel" (ban modal). */
export const isGameScene = (scene: Scene): boolean =>
  ['h5sdk', 'landsdk', 'websdk', 'h5pc', 'webpc', 'h5wx'].includes(scene);

export const Environment = {
  DEVELOPMENT: 'development',
  LOCAL: 'local',
  PRE: 'pre',
  PRODUCTION: 'production',
} as const;
export type Environment = (typeof Environment)[keyof typeof Environment];

/** Gray clients move one step up: pre → production, development → pre. */
export function shiftEnvForGray(env: Environment, gray: boolean): Environment {
  if (!gray) return env;
  if (env === 'pre') return 'production';
  if (env === 'development') return 'pre';
  return env;
}

/** Event-tracking A/B group: uid % 3 === 1 is B, anything else A (platform-shell §4). */
export function abGroupOf(uid: string | number): 'A' | 'B' {
  const n = typeof uid === 'number' ? uid : Number.parseInt(uid, 10);
  return Number.isFinite(n) && n % 3 === 1 ? 'B' : 'A';
}

/** Legacy un-prefixed paths (platform-shell §2) and their prefixed forms. */
export const LEGACY_PATHS: Record<string, string> = {
  '/pages/h5sdk/commodityList/list': '/h5sdk/pages/commodityList/list',
  '/pages/webpc/index/index': '/webpc/pages/index/index',
  '/pages/h5pc/index/index': '/h5pc/pages/index/index',
  '/pages/h5sdk/shelves/shelves': '/h5sdk/pages/shelves/shelves',
  '/pages/h5sdk/my/index': '/h5sdk/pages/my/index',
  '/pages/h5/userCenter/index': '/h5/pages/userCenter/index',
  '/pages/app/userCenter/index': '/app/pages/userCenter/index',
  '/pages/h5/cashWithdrawal/index': '/h5/pages/cashWithdrawal/index',
  '/pages/app/cashWithdrawal/index': '/app/pages/cashWithdrawal/index',
};
