import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { formatCount } from '@app/protocol/format';
import { formatDate } from './format-date';

/** What the listing holds: the role's snapshot (class, level, power, equipment, coins) or the item. */
export function RoleSnapshot({ detail }: { detail: CommodityDetail }) {
  const s = detail.snapshot;
  const rows: Array<[string, string]> = [];
  if (detail.type === 1) {
    rows.push(
      ['职业', detail.roleConfigTypeName ?? '—'],
      ['等级', detail.roleLevel !== null ? `${detail.roleLevel}级` : '—'],
    );
    if (detail.role) rows.push(['角色名', detail.role]);
    if (s)
      rows.push(['战力', formatCount(s.power)], ['创建时间', formatDate(s.createdAt)], ['充值档位', s.rechargeLevel]);
  } else if (detail.type === 2) {
    rows.push(['币种', detail.coinConfigTypeName ?? '—'], ['数量', formatCount(detail.coinNum ?? 0)]);
  } else {
    rows.push(
      ['类型', detail.subTypeName ?? '—'],
      ['道具', detail.itemName ?? detail.title],
      ['库存', String(detail.stock)],
    );
  }
  rows.push(['区服', `${detail.serverName}${detail.masterServerName ? `（${detail.masterServerName}）` : ''}`]);
  return (
    <section className="card section" data-testid="role-snapshot">
      <div className="section-title" style={{ marginBottom: 10 }}>
        商品信息
      </div>
      <dl className="c-facts">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {s && s.equipment.length > 0 ? (
        <>
          <div className="c-sub-title">装备</div>
          <ul className="c-list" data-testid="equipment-list">
            {s.equipment.map((e) => (
              <li key={`${e.subTypeName}-${e.name}`} className="c-equip">
                <span>
                  {e.name}
                  {e.attributes.length > 0 ? (
                    <span className="c-equip-attrs" data-testid="equipment-attrs">
                      {e.attributes.map((a) => `${a.name} ${a.value}`).join(' · ')}
                    </span>
                  ) : null}
                </span>
                <span className="muted">{e.subTypeName}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {s && s.coins.length > 0 ? (
        <>
          <div className="c-sub-title">身上货币</div>
          <ul className="c-list">
            {s.coins.map((c) => (
              <li key={c.coinType}>
                <span>{c.coinType}</span>
                <span>{formatCount(c.amount)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {detail.description ? <p className="c-desc">{detail.description}</p> : null}
    </section>
  );
}
