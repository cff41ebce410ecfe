import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useCheckVersion } from '../features/system/api/check-version';
import { relaunch } from '../lib/api/modal-states';
import { PAGES, paths } from '../lib/paths';
import { detectPlatform, sceneOfPath } from '../lib/platform';
import { storage } from '../lib/storage';
import { checkAppVersionOnLaunch, MIN_PRE_APP_VERSION } from './app-version';

/**
 * Launch check (platform-shell §4): updating=1 relaunches onto the under-maintenance page; the
 * answer's minPreAppVersion gates the pre environment's too-old app once (§8; the fixed minimum
 * when the check could not be asked).
 */
export function MaintenanceGate() {
  const { pathname } = useLocation();
  const onMaintenancePage = pathname.includes(`/pages/${PAGES.maintenance}`);
  const { data, isError } = useCheckVersion(!onMaintenancePage);
  const versionChecked = useRef(false);
  useEffect(() => {
    if (versionChecked.current || (!data && !isError)) return;
    versionChecked.current = true;
    checkAppVersionOnLaunch(
      detectPlatform(),
      storage.get('X-Env') === 'gray',
      data?.minPreAppVersion ?? MIN_PRE_APP_VERSION,
    );
  }, [data, isError]);
  useEffect(() => {
    if (data?.updating === 1 && !onMaintenancePage) {
      relaunch(paths.maintenance(sceneOfPath(pathname) ?? 'h5'));
    }
  }, [data, onMaintenancePage, pathname]);
  return null;
}
