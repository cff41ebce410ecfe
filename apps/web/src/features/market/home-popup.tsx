import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LazyImage } from '../../components/lazy-image';
import type { Place } from '../../lib/queries/market-keys';
import { usePopup } from './api/get-popup';
import { type PopupSeen, shouldShowPopup } from './market-rules';
import { useOpenLink } from './use-open-link';

const SEEN_KEY = 'marketPopupSeen';

function readSeen(): PopupSeen | null {
  try {
    return JSON.parse(globalThis.localStorage?.getItem(SEEN_KEY) ?? 'null') as PopupSeen | null;
  } catch {
    return null;
  }
}

function writeSeen(seen: PopupSeen) {
  try {
    globalThis.localStorage?.setItem(SEEN_KEY, JSON.stringify(seen));
  } catch {
    // private mode: the popup may show again
  }
}

/** The home popup: shown once per intervalHours (remembered in localStorage), its image follows its link. */
export function HomePopup({ place }: { place: Place }) {
  const { data } = usePopup(place);
  const openLink = useOpenLink();
  const [open, setOpen] = useState(false);
  const popup = data?.popup ?? null;
  useEffect(() => {
    if (!popup || !shouldShowPopup(readSeen(), popup, Date.now())) return;
    writeSeen({ id: popup.id, at: Date.now() });
    setOpen(true);
  }, [popup]);
  if (!open || !popup) return null;
  const close = () => setOpen(false);
  return (
    <div className="mask" role="dialog" aria-modal="true" aria-label={popup.title} data-testid="home-popup">
      <div style={{ width: 290, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16 }}>
        <button
          type="button"
          style={{ width: '100%' }}
          aria-label={popup.title}
          onClick={() => {
            close();
            openLink({
              hyperlink: popup.popupHyperlink,
              hyperlinkType: popup.popupHyperlinkType,
              bannerName: popup.title,
              popup: true,
            });
          }}
        >
          <LazyImage
            eager
            src={popup.imageUrl}
            alt={popup.title}
            style={{ width: '100%', height: 380, borderRadius: 16 }}
          />
        </button>
        <button
          type="button"
          onClick={close}
          aria-label="关闭"
          data-testid="home-popup-close"
          style={{ width: 34, height: 34, borderRadius: 17, border: '1.5px solid #fff', color: '#fff', fontSize: 18 }}
        >
          <X size="1em" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
