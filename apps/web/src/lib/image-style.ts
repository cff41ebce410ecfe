/** The image styles the server resizes to (platform-shell §9): list thumbnails and the detail strip. */
export type ImageStyle = '108x108' | 'rp50';

/**
 * The address of an image of this site in a style: `/storage/styled/<path>!<style>[?query]`. An
 * image of another site (a game's own host) is left as it is: the server resizes only its own.
 */
export function styledImage(url: string, style: ImageStyle): string {
  if (!url) return url;
  let path: string;
  let query: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    const at = url.indexOf('?');
    [path, query] = at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
  } else {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return url;
    }
    if (parsed.origin !== globalThis.location?.origin) return url;
    [path, query] = [parsed.pathname, parsed.search];
  }
  if (path.startsWith('/storage/styled/') || path.includes('!')) return url;
  return `/storage/styled${path}!${style}${query}`;
}
