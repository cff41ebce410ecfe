import { Check } from 'lucide-react';
import { useState } from 'react';
import { showToast } from '../../lib/ui-bus';
import { toUploadableImage } from '../../lib/upload-image';
import { uploadIdPhoto } from './api/identify';

type SlotState = { kind: 'empty' } | { kind: 'uploading' } | { kind: 'uploaded'; preview: string; path: string };

/** One side of the ID card: empty → uploading → uploaded (preview and stored path). */
export function IdPhotoSlot({
  label,
  onUploaded,
  testId,
}: {
  label: string;
  onUploaded: (path: string) => void;
  testId: string;
}) {
  const [state, setState] = useState<SlotState>({ kind: 'empty' });
  return (
    <label
      data-testid={testId}
      style={{
        flex: 1,
        height: 110,
        borderRadius: 10,
        border: '1px dashed #c9cdd4',
        background: '#fafbfc',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexDirection: 'column',
        gap: 6,
        cursor: 'pointer',
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      {state.kind === 'uploaded' ? (
        <>
          <img
            src={state.preview}
            alt={label}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
          <span
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: 0,
              padding: '3px 6px',
              background: 'rgba(0, 0, 0, 0.55)',
              color: '#fff',
              fontSize: 11,
              textAlign: 'center',
            }}
          >
            <Check size="1em" aria-hidden="true" /> {label.replace(/（.*）/, '')} · 点击重新上传
          </span>
        </>
      ) : (
        <>
          <span style={{ fontSize: 26, color: 'var(--c-primary)' }}>{state.kind === 'uploading' ? '…' : '+'}</span>
          <span className="muted" style={{ fontSize: 12 }}>
            {state.kind === 'uploading' ? '上传中' : label}
          </span>
        </>
      )}
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp,image/heic,.heic,.heif"
        style={{ display: 'none' }}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setState({ kind: 'uploading' });
          try {
            // A HEIC photo is previewed and sent as the JPEG it becomes.
            const image = await toUploadableImage(file);
            const path = await uploadIdPhoto(image);
            setState({ kind: 'uploaded', preview: URL.createObjectURL(image), path });
            onUploaded(path);
          } catch (error) {
            setState({ kind: 'empty' });
            showToast(error instanceof Error && error.message ? error.message : '图片格式错误');
          }
        }}
      />
    </label>
  );
}
