import { lazy } from 'react';
import MarketHomePage from '../../features/market/home-page';
import { FirstTimeGuide } from '../../features/user/first-time-guide';

// Below the fold: the listings' code loads when they are scrolled near.
const LatestListings = lazy(() =>
  import('../../features/exchange/latest-listings').then((m) => ({ default: m.LatestListings })),
);

/** The home of every scene: the market's home with the exchange's newest listings and the user's first-visit guide. */
export default function HomePage() {
  return <MarketHomePage LatestListings={LatestListings} firstTimeGuide={<FirstTimeGuide />} />;
}
