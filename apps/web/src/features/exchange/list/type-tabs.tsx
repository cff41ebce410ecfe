import { copy } from '../../../lib/copy';

const TYPES = [
  { type: undefined, label: '全部' },
  { type: 1, label: copy.categories.role },
  { type: 2, label: copy.categories.coin },
  { type: 3, label: copy.categories.prop },
] as const;

/** 全部 / 角色 / 游戏币 / 道具. */
export function TypeTabs({
  type,
  onChange,
}: {
  type: number | undefined;
  onChange: (type: number | undefined) => void;
}) {
  return (
    <div className="c-tabs" role="tablist">
      {TYPES.map((t) => (
        <button
          key={t.label}
          type="button"
          role="tab"
          aria-selected={type === t.type}
          data-testid={`type-tab-${t.type ?? 0}`}
          className={`btn btn-sm ${type === t.type ? 'btn-primary' : 'btn-ghost'}`}
          onClick={() => onChange(t.type)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
