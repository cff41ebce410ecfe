import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../lib/ui-bus';
import { AccountLayout } from './account-layout';
import { formatCoord, type Place, placeOf, withPlace } from './location';

/**
 * 选择位置 (/choose-location?from=…): the current position (the browser asks first) or the one
 * the query brings, named by the user; 确定 goes back to `from` with the place in its query.
 */
export default function ChooseLocationPage() {
  const navigate = useNavigate();
  const search = globalThis.location.search;
  const from = new URLSearchParams(search).get('from') ?? '';
  const initial = placeOf(search);
  const [coords, setCoords] = useState(initial ? { latitude: initial.latitude, longitude: initial.longitude } : null);
  const [name, setName] = useState(initial?.name ?? '');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [locating, setLocating] = useState(false);

  const locate = () => {
    if (!globalThis.navigator?.geolocation) return showToast('当前环境不支持定位');
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setCoords({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        showToast('定位失败，请检查定位权限后重试');
      },
      { timeout: 10_000 },
    );
  };

  const confirm = () => {
    if (!coords) return showToast('请先获取当前位置');
    if (!name.trim()) return showToast('请填写位置名称');
    const place: Place = { ...coords, name: name.trim(), address: address.trim() };
    const target = withPlace(from, place);
    if (!target) return showToast('无法返回来源页面');
    navigate(target, { replace: true });
  };

  return (
    <AccountLayout title="选择位置" testId="choose-location-page">
      <div className="acct-group">
        <button type="button" className="acct-row" onClick={locate} disabled={locating} data-testid="location-locate">
          <div className="acct-row-main">
            <span>{locating ? '定位中…' : '使用当前位置'}</span>
            <span className="acct-row-desc">
              {coords ? formatCoord({ ...coords, name, address }) : '需要您允许浏览器获取位置'}
            </span>
          </div>
          <span className="acct-row-hint">
            <ChevronRight size="1em" aria-hidden="true" />
          </span>
        </button>
      </div>
      <div className="acct-group">
        <label className="acct-row" style={{ cursor: 'text' }}>
          <span style={{ flex: 'none' }}>位置名称</span>
          <input
            className="acct-input"
            maxLength={40}
            placeholder="如：公司、小区名称"
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="location-name"
          />
        </label>
        <label className="acct-row" style={{ cursor: 'text' }}>
          <span style={{ flex: 'none' }}>详细地址</span>
          <input
            className="acct-input"
            maxLength={80}
            placeholder="选填"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            data-testid="location-address"
          />
        </label>
      </div>
      <div className="acct-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={confirm} data-testid="location-confirm">
          确定
        </button>
      </div>
    </AccountLayout>
  );
}
