import type { CommodityListRequest } from '@app/protocol/calls/exchange';
import type { Game } from '@app/protocol/calls/market-games';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { MobileLayout } from '../../components/mobile-layout';
import { PcLayout } from '../../components/pc-layout';
import { hasTabBar } from '../../components/tab-bar';
import { WhenVisible } from '../../components/when-visible';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { storage } from '../../lib/storage';
import { BannerCarousel } from './banner-carousel';
import { ChannelTabs } from './channel-tabs';
import { CurrentGameCard } from './current-game-card';
import { DownloadCard } from './download-card';
import { Hero } from './hero';
import { HomeSearch } from './home-search';
import { currentScene, designUnit, isPcScene, posterSectionHeight } from './market-layout';
import { channelFilter } from './market-rules';
import { PopularGamesSection } from './popular-games-section';
import { useCurrentGame } from './use-current-game';

// Below the fold: loaded when scrolled near (listings, posters) or after the first screen (popup).
const PosterScroller = lazy(() => import('./poster-scroller').then((m) => ({ default: m.PosterScroller })));
const HomePopup = lazy(() => import('./home-popup').then((m) => ({ default: m.HomePopup })));

/** The game whose listings the home shows when nothing else names one. */
export const DEFAULT_APP_ID = 'demo-legend';

/**
 * What the home shows of other domains; app/ fills them in (a feature never imports another):
 * the newest listings (exchange, lazy: loaded when scrolled near) and the app scene's first-visit
 * guide (user).
 */
export interface HomeSlots {
  LatestListings: ComponentType<{
    scene: string;
    appId: string;
    pc: boolean;
    filter?: Partial<CommodityListRequest>;
    tabs?: ReactNode;
  }>;
  firstTimeGuide: ReactNode;
}

/** Home of every scene: PC layout (two columns) on web scenes, the mobile layout elsewhere. */
export default function HomePage({ LatestListings, firstTimeGuide }: HomeSlots) {
  const scene = currentScene();
  const pc = isPcScene(scene);
  const unit = designUnit(scene);
  const navigate = useNavigate();
  const current = useCurrentGame();
  const [channel, setChannel] = useState<string | null>(null);
  const appId = current.game?.applicationId ?? storage.get('currentAppId') ?? DEFAULT_APP_ID;
  const openGame = (g: Game) => {
    current.choose(g);
    navigate(paths.list(scene, { applicationId: g.applicationId }));
  };
  const place = pc ? 'pcHome' : 'home';
  const banner = (
    <BannerCarousel place={place} height={pc ? 320 : Math.round(140 * unit)} fallback={<Hero pc={pc} />} />
  );
  const gameCard = (
    <CurrentGameCard
      scene={scene}
      game={current.game}
      played={current.played}
      isLoading={current.isLoading}
      onChoose={current.choose}
    />
  );
  const latest = (
    <WhenVisible minHeight={300}>
      <LatestListings
        scene={scene}
        appId={appId}
        pc={pc}
        filter={channel ? channelFilter(channel) : {}}
        tabs={<ChannelTabs active={channel} onChange={setChannel} />}
      />
    </WhenVisible>
  );
  const posters = (
    <WhenVisible minHeight={posterSectionHeight(unit)}>
      <PosterScroller place={place} unit={unit} />
    </WhenVisible>
  );
  const popup = (
    <Suspense fallback={null}>
      <HomePopup place={place} />
    </Suspense>
  );
  const popular = <PopularGamesSection scene={scene} pc={pc} onChoose={openGame} />;
  const download = current.game ? (
    <DownloadCard game={current.game} />
  ) : current.isLoading ? (
    <div className="skeleton" style={{ height: 86, borderRadius: 12 }} />
  ) : null;
  if (pc)
    return (
      <PcLayout scene={scene}>
        <div data-testid="home-page" className="home-pc">
          <div className="home-col">
            {banner}
            {gameCard}
            {latest}
          </div>
          <aside className="home-col">
            {download}
            {popular}
            {posters}
          </aside>
        </div>
        {popup}
      </PcLayout>
    );
  return (
    <MobileLayout title={copy.brand} back={false} tabBar={hasTabBar(scene)}>
      <div data-testid="home-page" className="home-m">
        <HomeSearch scene={scene} appId={appId} gameName={current.game?.gameName} />
        {banner}
        {gameCard}
        {popular}
        {posters}
        {download}
        {latest}
      </div>
      {popup}
      {scene === 'app' ? firstTimeGuide : null}
    </MobileLayout>
  );
}
