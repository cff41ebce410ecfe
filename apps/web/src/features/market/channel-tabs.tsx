import { lazy, Suspense, useState } from 'react';
import { storage } from '../../lib/storage';
import { useChannelList } from './api/get-channel-list';

const ChannelEditSheet = lazy(() => import('./channel-edit-sheet').then((m) => ({ default: m.ChannelEditSheet })));

/** The home's channel tabs (channelList); logged-in users can reorder and choose them. */
export function ChannelTabs({ active, onChange }: { active: string | null; onChange: (channelId: string) => void }) {
  const { data, isLoading } = useChannelList();
  const [editing, setEditing] = useState(false);
  if (isLoading) return <div className="skeleton" style={{ height: 30, marginBottom: 10 }} />;
  const tabs = (data?.list ?? []).filter((c) => c.selected || c.fixed);
  if (tabs.length === 0) return null;
  const current = active ?? tabs[0]?.channelId;
  const loggedIn = Boolean(storage.get('token'));
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 10 }}>
      <div className="chip-row" style={{ flex: 1 }} data-testid="channel-tabs">
        {tabs.map((c) => (
          <button
            key={c.channelId}
            type="button"
            className={`chip${c.channelId === current ? ' on' : ''}`}
            onClick={() => onChange(c.channelId)}
            data-testid={`channel-${c.channelId}`}
          >
            {c.name}
          </button>
        ))}
      </div>
      {loggedIn ? (
        <button
          type="button"
          className="chip"
          onClick={() => setEditing(true)}
          aria-label="编辑频道"
          data-testid="channel-edit"
        >
          ☰
        </button>
      ) : null}
      {editing && data ? (
        <Suspense fallback={null}>
          <ChannelEditSheet channels={data.list} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
