import { LinkType, normaliseLinkType } from '@app/protocol/links';
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

/** Whether the popup leads anywhere: a link that is not 3 (no jump). */
export function popupLeadsSomewhere(popup: { popupHyperlink: string; popupHyperlinkType: number }): boolean {
  return popup.popupHyperlink.trim() !== '' && normaliseLinkType(popup.popupHyperlinkType) !== LinkType.NONE;
}

/**
 * The home popup: shown once per intervalHours (remembered in localStorage). Tapping the picture
 * or around it only dismisses it (people tap the picture to get it out of the way); its link is
 * the 查看详情 button under it, shown when the popup has one.
 */
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
      <button type="button" className="home-popup-backdrop" aria-label="关闭" tabIndex={-1} onClick={close} />
      <div className="home-popup-body">
        <button
          type="button"
          className="home-popup-picture"
          aria-label="关闭"
          data-testid="home-popup-picture"
          onClick={close}
        >
          <LazyImage
            eager
            src={popup.imageUrl}
            alt={popup.title}
            style={{ width: '100%', height: 380, borderRadius: 16 }}
          />
        </button>
        {popupLeadsSomewhere(popup) ? (
          <button
            type="button"
            className="btn btn-primary"
            data-testid="home-popup-open"
            style={{ minWidth: 160 }}
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
            查看详情
          </button>
        ) : null}
        <button
          type="button"
          onClick={close}
          aria-label="关闭"
          data-testid="home-popup-close"
          className="home-popup-close"
        >
          <X size="1em" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
