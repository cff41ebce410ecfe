import { EmptyState } from '../../components/empty-state';
import { copyText } from '../../lib/copy-text';
import { showToast } from '../../lib/ui-bus';
import { AccountLayout } from './account-layout';
import { amapLink, formatCoord, placeOf } from './location';

function Pin() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7z"
        fill="var(--c-primary)"
        stroke="#fff"
        strokeWidth="1.2"
      />
      <circle cx="12" cy="9" r="2.6" fill="#fff" />
    </svg>
  );
}

/** 查看位置 (/open-location: latitude, longitude, name, address): the place, and the way to a map app. */
export default function OpenLocationPage() {
  const place = placeOf(globalThis.location.search);
  return (
    <AccountLayout title="查看位置" testId="open-location-page">
      {!place ? (
        <EmptyState title="位置信息有误" hint="缺少或无法识别经纬度，请返回后重试" />
      ) : (
        <>
          <div
            className="acct-group"
            style={{
              height: 180,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              background:
                'repeating-linear-gradient(0deg, #eef3f8 0 1px, transparent 1px 28px), repeating-linear-gradient(90deg, #eef3f8 0 1px, transparent 1px 28px), #f7fafc',
            }}
          >
            <Pin />
          </div>
          <div className="acct-group" style={{ padding: 16 }} data-testid="location-place">
            <div style={{ fontSize: 17, fontWeight: 600 }}>{place.name || '指定位置'}</div>
            {place.address ? <div style={{ marginTop: 6, color: 'var(--c-text-2)' }}>{place.address}</div> : null}
            <div className="muted" style={{ marginTop: 6, fontSize: 12 }}>
              {formatCoord(place)}
            </div>
          </div>
          <div className="acct-actions" style={{ display: 'flex', gap: 12 }}>
            <button
              type="button"
              className="btn btn-ghost"
              style={{ flex: 1 }}
              onClick={async () =>
                showToast(
                  (await copyText(place.address || place.name || formatCoord(place))) ? '已复制地址' : '复制失败',
                )
              }
            >
              复制地址
            </button>
            <a
              className="btn btn-primary"
              style={{ flex: 1, textAlign: 'center' }}
              href={amapLink(place)}
              rel="noreferrer"
              data-testid="location-navigate"
            >
              在地图中打开
            </a>
          </div>
        </>
      )}
    </AccountLayout>
  );
}
