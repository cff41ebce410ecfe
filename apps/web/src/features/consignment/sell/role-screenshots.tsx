const SHOT_TITLES: Record<string, string> = { equipment: '装备', bag: '背包', warehouse: '仓库', skills: '技能' };

/** The game's screenshots of a role (equipment, bag, warehouse, skills), four to a row. */
export function RoleScreenshots({ shots }: { shots: Array<{ kind: string; url: string }> }) {
  return (
    <div className="sell-shots" data-testid="role-shots">
      {shots.map((s) => (
        <figure key={s.kind}>
          <img src={s.url} alt={SHOT_TITLES[s.kind] ?? s.kind} loading="lazy" />
          <figcaption>{SHOT_TITLES[s.kind] ?? s.kind}</figcaption>
        </figure>
      ))}
    </div>
  );
}
