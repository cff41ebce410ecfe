import { AppVersionPanel } from './app-version-panel';
import { GameRulesPanel } from './game-rules-panel';
import { GrayUsersPanel } from './gray-users-panel';
import { MaintenancePanel } from './maintenance-panel';

/** 游戏与规则 (operators and admins): the maintenance switch, the gray users, each game's rules. */
export function GamesTab() {
  return (
    <section className="ops-games">
      <div className="ops-section-head">
        <div>
          <h2>游戏与规则</h2>
          <p className="ops-muted">
            维护开关、灰度用户、应用最低版本和每款游戏的交易规则。每项操作须填写原因，并记入操作日志。
          </p>
        </div>
      </div>
      <div className="ops-games-top">
        <MaintenancePanel />
        <GrayUsersPanel />
        <AppVersionPanel />
      </div>
      <GameRulesPanel />
    </section>
  );
}
