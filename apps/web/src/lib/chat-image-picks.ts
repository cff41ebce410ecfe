import { useEffect, useRef, useState } from 'react';
import { showToast } from './ui-bus';

/** One image picked for an order's chat: its local preview, then its uploaded address (or a failure). */
export interface ChatImagePick {
  key: number;
  preview: string;
  url: string | null;
  failed: boolean;
}

/**
 * Up to `max` images a party picks for an order's chat (a refusal's evidence, a trade report's
 * screenshots): each uploaded as it is picked, previewed until then, removable; the previews are
 * freed with the form. `tooMany` is the toast when more are picked than fit.
 */
export function useChatImagePicks(max: number, upload: (file: File) => Promise<string>, tooMany: string) {
  const [picks, setPicks] = useState<ChatImagePick[]>([]);
  const seq = useRef(0);
  const previews = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const p of previews.current) URL.revokeObjectURL(p);
    },
    [],
  );
  const add = (files: FileList | null) => {
    const room = max - picks.length;
    if (files && files.length > room) showToast(tooMany);
    for (const file of [...(files ?? [])].slice(0, room)) {
      const key = ++seq.current;
      const preview = URL.createObjectURL(file);
      previews.current.push(preview);
      setPicks((list) => [...list, { key, preview, url: null, failed: false }]);
      upload(file).then(
        (url) => setPicks((list) => list.map((p) => (p.key === key ? { ...p, url } : p))),
        (error: Error) => {
          showToast(error.message || '图片上传失败');
          setPicks((list) => list.map((p) => (p.key === key ? { ...p, failed: true } : p)));
        },
      );
    }
  };
  const remove = (key: number) => setPicks((list) => list.filter((p) => p.key !== key));
  return {
    picks,
    add,
    remove,
    /** Whether an upload is still on its way. */
    uploading: picks.some((p) => !p.url && !p.failed),
    /** The addresses uploaded (the failed ones left out). */
    urls: () => picks.flatMap((p) => (p.url ? [p.url] : [])),
  };
}
