import { isPcScene, SCENES, type Scene } from '@app/protocol/platform';
import type { DbHandle } from '../../platform/db/handle';
import type { PageDataSource } from '../../platform/http/page-data';
import { bannersOf } from './content.routes';

/** The home of every scene (the web's `pagePath(scene, 'home')`). */
const HOME_PATH = new RegExp(`^/(${SCENES.join('|')})/pages/index/index$`);

/**
 * The home's banners inside the page (decision 0082): the first banner is the home's largest
 * image, which waited for the page's scripts, the codec's keys and bannerList before it could even
 * be asked for. The key is the web's `marketKeys.banners(place)`; the place is the one the home of
 * that scene asks for. Banners are the same for everyone (no session, no game), so the page may
 * carry them.
 */
export function homePageData(db: DbHandle): PageDataSource {
  return {
    path: HOME_PATH,
    async load(path) {
      const scene = path.split('/')[1] as Scene;
      const place = isPcScene(scene) ? 'pcHome' : 'home';
      const banners = await bannersOf(db, place);
      return {
        entries: [{ key: ['market', 'banners', place], data: banners }],
        preloadImage: banners.list[0]?.imageUrl,
      };
    },
  };
}
