import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useState } from 'react';
import { Portal } from '../../../components/portal';
import './gallery.css';

type Shot = { kind: string; title: string; url: string };

/** The listing's screenshots: a swipeable strip; a tap opens the full-screen viewer. */
export function ImageGallery({ images, fallback }: { images: Shot[]; fallback: string }) {
  const shots = images.length > 0 ? images : fallback ? [{ kind: 'cover', title: '商品图', url: fallback }] : [];
  const [open, setOpen] = useState<number | null>(null);
  if (shots.length === 0) return null;
  const current = open === null ? null : shots[open];
  return (
    <div data-testid="image-gallery">
      <div className="c-gallery">
        {shots.map((s, i) => (
          <button
            key={s.url}
            type="button"
            className="c-gallery-item"
            onClick={() => setOpen(i)}
            data-testid="gallery-image"
          >
            <img src={s.url} alt={s.title} loading={i === 0 ? 'eager' : 'lazy'} />
            <span className="c-gallery-caption">
              {s.title} {i + 1}/{shots.length}
            </span>
          </button>
        ))}
      </div>
      {current ? (
        <Portal>
          <div className="mask c-viewer" role="dialog" aria-label="查看大图" data-testid="image-viewer">
            <button type="button" className="c-viewer-close" aria-label="关闭" onClick={() => setOpen(null)}>
              <X size="1em" aria-hidden="true" />
            </button>
            <img src={current.url} alt={current.title} />
            <div className="c-viewer-bar">
              <button type="button" disabled={open === 0} onClick={() => setOpen((open ?? 0) - 1)}>
                <ChevronLeft size="1em" aria-hidden="true" /> 上一张
              </button>
              <span>
                {current.title} {(open ?? 0) + 1}/{shots.length}
              </span>
              <button type="button" disabled={open === shots.length - 1} onClick={() => setOpen((open ?? 0) + 1)}>
                下一张 <ChevronRight size="1em" aria-hidden="true" />
              </button>
            </div>
          </div>
        </Portal>
      ) : null}
    </div>
  );
}
