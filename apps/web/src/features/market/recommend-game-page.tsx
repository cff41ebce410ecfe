import { GameListPage } from './game-list-page';

/** /{scene}/pages/recommendGame/index */
export default function RecommendGamePage() {
  return <GameListPage kind="recommend" title="推荐游戏" />;
}
