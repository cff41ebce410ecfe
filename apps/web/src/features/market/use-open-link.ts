import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callHost } from '../../lib/bridge';
import { sceneOfPath } from '../../lib/platform';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { decideLink, type LinkInput } from './link-decision';

function openWindow(url: string) {
  globalThis.open?.(url, '_blank', 'noopener');
}

/** Follows a banner, poster or popup link as decideLink says. */
export function useOpenLink() {
  const navigate = useNavigate();
  return useCallback(
    (input: LinkInput) => {
      const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
      const action = decideLink(input, {
        scene,
        currentAppId: storage.get('currentAppId'),
        origin: globalThis.location.origin,
      });
      if (action.kind === 'refuse') showToast(action.message);
      else if (action.kind === 'navigate') navigate(action.to);
      else if (action.kind === 'browser') {
        if (action.via === 'bridge')
          void callHost('gotoBrowser', { url: action.url }).catch(() => openWindow(action.url));
        else openWindow(action.url);
      }
    },
    [navigate],
  );
}
