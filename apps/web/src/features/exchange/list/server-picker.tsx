import { useServerAll } from '../../../lib/queries/get-filter-options';

export interface ServerChoice {
  serverId?: string | undefined;
  masterServerId?: string | undefined;
}

/** Servers grouped by master server: "全部区服", a whole group, or one server. */
export function ServerPicker({
  appId,
  value,
  onChange,
}: {
  appId: string;
  value: ServerChoice;
  onChange: (v: ServerChoice) => void;
}) {
  const { data, isLoading, isError } = useServerAll(appId);
  const all = !value.serverId && !value.masterServerId;
  return (
    <div data-testid="server-picker">
      <div className="c-chips" style={{ marginBottom: 10 }}>
        <button type="button" className={`c-chip${all ? ' active' : ''}`} onClick={() => onChange({})}>
          全部区服
        </button>
      </div>
      {isLoading ? <div className="muted">加载区服...</div> : null}
      {isError ? <div className="muted">区服加载失败</div> : null}
      {data?.groups.map((group) => (
        <div key={group.masterServerId} className="c-server-group">
          <div className="c-chips">
            <button
              type="button"
              className={`c-chip${value.masterServerId === group.masterServerId && !value.serverId ? ' active' : ''}`}
              data-testid={`server-group-${group.masterServerId}`}
              onClick={() => onChange({ masterServerId: group.masterServerId })}
            >
              {`${group.servers[0]?.serverName ?? group.masterServerId}组 · 全部`}
            </button>
            {group.servers.map((s) => (
              <button
                key={s.serverId}
                type="button"
                className={`c-chip${value.serverId === s.serverId ? ' active' : ''}`}
                data-testid="server-option"
                data-server-id={s.serverId}
                onClick={() => onChange({ serverId: s.serverId })}
              >
                {s.serverName}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
