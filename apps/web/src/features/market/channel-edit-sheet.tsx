import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { showToast } from '../../lib/ui-bus';
import { useUpdateChannelList } from './api/update-channel-list';
import { moveChannel } from './market-rules';

interface Channel {
  channelId: string;
  name: string;
  fixed: boolean;
  selected: boolean;
}

/** Reorder and choose the home channels; fixed channels stay in place and selected. */
export function ChannelEditSheet({ channels, onClose }: { channels: Channel[]; onClose: () => void }) {
  const [list, setList] = useState(channels);
  const save = useUpdateChannelList();
  const toggle = (id: string) =>
    setList((l) => l.map((c) => (c.channelId === id && !c.fixed ? { ...c, selected: !c.selected } : c)));
  const submit = () => {
    const ids = list.filter((c) => c.selected || c.fixed).map((c) => c.channelId);
    save.mutate(ids, {
      onSuccess: () => {
        showToast('频道已保存');
        onClose();
      },
    });
  };
  return (
    <div className="mask sheet-mask" data-testid="channel-edit-sheet">
      <button type="button" aria-label="关闭" onClick={onClose} style={{ position: 'absolute', inset: 0 }} />
      <div className="sheet" role="dialog" style={{ position: 'relative', paddingBottom: 12 }}>
        <div className="sheet-title">编辑频道（勾选显示，箭头排序）</div>
        {list.map((c) => (
          <div key={c.channelId} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '8px 16px' }}>
            <label style={{ flex: 1, display: 'flex', gap: 8, alignItems: 'center' }}>
              <input
                type="checkbox"
                checked={c.selected || c.fixed}
                disabled={c.fixed}
                onChange={() => toggle(c.channelId)}
              />
              {c.name}
              {c.fixed ? (
                <span className="muted" style={{ fontSize: 11 }}>
                  固定
                </span>
              ) : null}
            </label>
            <button
              type="button"
              className="chip"
              disabled={c.fixed}
              onClick={() => setList((l) => moveChannel(l, c.channelId, -1))}
              aria-label={`${c.name}上移`}
            >
              <ArrowUp size="1em" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="chip"
              disabled={c.fixed}
              onClick={() => setList((l) => moveChannel(l, c.channelId, 1))}
              aria-label={`${c.name}下移`}
            >
              <ArrowDown size="1em" aria-hidden="true" />
            </button>
          </div>
        ))}
        <div style={{ display: 'flex', gap: 12, padding: '8px 16px 0' }}>
          <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={save.isPending}
            onClick={submit}
            data-testid="channel-save"
          >
            保存
          </button>
        </div>
      </div>
    </div>
  );
}
