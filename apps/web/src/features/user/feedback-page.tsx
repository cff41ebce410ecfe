import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { HomeSkeleton } from '../../components/skeleton';
import { storage } from '../../lib/storage';
import { showToast } from '../../lib/ui-bus';
import { toUploadableImage } from '../../lib/upload-image';
import { AccountLayout, LoginFirst } from './account-layout';
import { useFeedbackTypes } from './api/get-feedback-types';
import { FEEDBACK_MAX_IMAGES, uploadFeedbackImage, useSendFeedback } from './api/send-feedback';

const MIN_LENGTH = 5;
const MAX_LENGTH = 500;

/** A screenshot on its way up, or up (its address). */
interface Shot {
  id: number;
  /** The picture shown, once a HEIC photo has become a JPEG (null while it converts). */
  preview: string | null;
  url: string | null;
}

/** 意见反馈: a type, the description, up to four screenshots and an optional contact. */
export default function FeedbackPage() {
  const navigate = useNavigate();
  const types = useFeedbackTypes();
  const send = useSendFeedback();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [shots, setShots] = useState<Shot[]>([]);
  const seq = useRef(0);
  const file = useRef<HTMLInputElement>(null);
  const uploading = shots.some((s) => s.url === null);

  if (!storage.get('token'))
    return (
      <AccountLayout title="意见反馈" testId="feedback-page">
        <LoginFirst reason="登录后可提交意见反馈" />
      </AccountLayout>
    );

  const addShot = async (picked: File) => {
    const id = ++seq.current;
    // Counted as uploading from the pick on, so a submit meanwhile waits for it.
    setShots((list) => [...list, { id, preview: null, url: null }]);
    try {
      // A HEIC photo is previewed and sent as the JPEG it becomes.
      const image = await toUploadableImage(picked);
      const preview = URL.createObjectURL(image);
      setShots((list) => list.map((s) => (s.id === id ? { ...s, preview } : s)));
      const url = await uploadFeedbackImage(image);
      setShots((list) => list.map((s) => (s.id === id ? { ...s, url } : s)));
    } catch (error) {
      setShots((list) => list.filter((s) => s.id !== id));
      showToast(error instanceof Error ? error.message : '图片上传失败');
    }
  };

  const submit = async () => {
    if (!typeId) return showToast('请选择反馈类型');
    if (content.trim().length < MIN_LENGTH) return showToast('请至少填写5个字的问题描述');
    if (uploading) return showToast('图片上传中，请稍候');
    try {
      await send.mutateAsync({
        typeId,
        content: content.trim(),
        ...(contact.trim() ? { contact: contact.trim() } : {}),
        images: shots.flatMap((s) => (s.url ? [s.url] : [])),
      });
      showToast('反馈已提交，感谢您的宝贵意见');
      navigate(-1);
    } catch {
      // shown by the request layer
    }
  };

  return (
    <AccountLayout title="意见反馈" testId="feedback-page">
      <div className="acct-group">
        <div className="acct-group-title">反馈类型</div>
        {types.isLoading ? <HomeSkeleton /> : null}
        <div className="acct-chips" data-testid="feedback-types">
          {types.data?.list.map((t) => (
            <button
              key={t.id}
              type="button"
              className="acct-chip"
              aria-pressed={typeId === t.id}
              onClick={() => setTypeId(t.id)}
              data-testid={`feedback-type-${t.id}`}
            >
              {t.name}
            </button>
          ))}
        </div>
      </div>
      <div className="acct-group">
        <div className="acct-group-title">问题描述</div>
        <textarea
          className="acct-textarea"
          maxLength={MAX_LENGTH}
          placeholder="请详细描述您遇到的问题或建议（至少5个字），如订单号、出现的页面和时间"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          data-testid="feedback-content"
        />
        <div className="acct-count">
          {content.length}/{MAX_LENGTH}
        </div>
      </div>
      <div className="acct-group">
        <div className="acct-group-title">截图（选填，最多{FEEDBACK_MAX_IMAGES}张）</div>
        <div className="acct-shots">
          {shots.map((s) => (
            <div key={s.id} className="acct-shot" data-testid="feedback-shot">
              {s.preview ? <img src={s.preview} alt="反馈截图" /> : null}
              {s.url ? (
                <button
                  type="button"
                  className="acct-shot-remove"
                  aria-label="删除截图"
                  onClick={() => setShots((list) => list.filter((x) => x.id !== s.id))}
                >
                  <X size="1em" aria-hidden="true" />
                </button>
              ) : (
                <span className="spinner" style={{ position: 'absolute', inset: 0, margin: 'auto' }} />
              )}
            </div>
          ))}
          {shots.length < FEEDBACK_MAX_IMAGES ? (
            <button type="button" className="acct-shot-add" onClick={() => file.current?.click()}>
              <b>+</b>
              添加截图
            </button>
          ) : null}
          <input
            ref={file}
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => {
              const picked = e.target.files?.[0];
              e.target.value = '';
              if (picked) void addShot(picked);
            }}
            data-testid="feedback-file"
          />
        </div>
      </div>
      <div className="acct-group">
        <label className="acct-row" style={{ cursor: 'text' }}>
          <span style={{ flex: 'none' }}>联系方式</span>
          <input
            className="acct-input"
            maxLength={50}
            placeholder="手机号或QQ（选填）"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
            data-testid="feedback-contact"
          />
        </label>
      </div>
      <div className="acct-actions">
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={send.isPending || uploading}
          onClick={submit}
          data-testid="feedback-submit"
        >
          提交反馈
        </button>
      </div>
    </AccountLayout>
  );
}
