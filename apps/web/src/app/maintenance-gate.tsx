import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCheckVersion } from '../features/system/api/check-version';
import { relaunch } from '../lib/api/modal-states';
import { PAGES, paths } from '../lib/paths';
import { sceneOfPath } from '../lib/platform';

/** Launch check (platform-shell §4): updating=1 relaunches onto the under-maintenance page. */
export function MaintenanceGate() {
  const { pathname } = useLocation();
  const onMaintenancePage = pathname.includes(`/pages/${PAGES.maintenance}`);
  const { data } = useCheckVersion(!onMaintenancePage);
  useEffect(() => {
    if (data?.updating === 1 && !onMaintenancePage) {
      relaunch(paths.maintenance(sceneOfPath(pathname) ?? 'h5'));
    }
  }, [data, onMaintenancePage, pathname]);
  return null;
}
