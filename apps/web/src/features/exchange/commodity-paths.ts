/** Paths of the commodity pages in a scene (platform-shell §2). */
export interface DetailLinkInput {
  id: string;
  gameName?: string;
  applicationId?: string;
  type?: number;
}

export function detailPath(scene: string, item: DetailLinkInput, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ id: item.id });
  if (item.gameName) query.set('gameName', item.gameName);
  if (item.applicationId) query.set('applicationId', item.applicationId);
  if (item.type) query.set('type', String(item.type));
  for (const [k, v] of Object.entries(extra)) query.set(k, v);
  return `/${scene}/pages/commodityDetail/index?${query}`;
}

export function listPath(scene: string, applicationId?: string | null): string {
  return `/${scene}/pages/commodityList/list${applicationId ? `?applicationId=${encodeURIComponent(applicationId)}` : ''}`;
}

export function collectionsPath(scene: string): string {
  return `/${scene}/pages/userCenter/myCollect/index`;
}

/**
 * The share link: the h5 product-info page with share=share. Opened on a phone it shows the
 * h5 detail; opened on a PC, launch (app/launch.ts) sends it to the web commodity detail.
 */
export function shareLink(origin: string, id: string): string {
  return `${origin}/h5/pages/productNew/info?ct=0&id=${encodeURIComponent(id)}&share=share`;
}

export function loginPath(scene: string): string {
  const from = `${globalThis.location.pathname}${globalThis.location.search}`;
  return `/${scene}/pages/login/login?fromPage=${encodeURIComponent(from)}`;
}
