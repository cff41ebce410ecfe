import { GameListPage } from './game-list-page';

/** /{scene}/pages/popularGame/index */
export default function PopularGamePage() {
  return <GameListPage kind="popular" title="热门游戏" />;
}
