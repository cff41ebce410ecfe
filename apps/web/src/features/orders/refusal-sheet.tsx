import { REFUSAL_REASONS } from '@app/protocol/calls/orders';
import { X } from 'lucide-react';
import { useState } from 'react';
import { ReasonPicker, Sheet } from '../../components/sheet';
import { useChatImagePicks } from '../../lib/chat-image-picks';
import { showModal, showToast } from '../../lib/ui-bus';
import { uploadEvidence } from './api/upload-evidence';

type Reason = (typeof REFUSAL_REASONS)[number];
const MAX_IMAGES = 3;

/** The reason sent: the reason picked, then the details when given. */
const refusalText = (picked: string, details: string) => (details.trim() ? `${picked}：${details.trim()}` : picked);

/**
 * 拒绝收货: a reason (required), details, up to 3 evidence images (uploaded as chat images, shown as
 * thumbnails that can be removed), then a confirm step before the refusal is sent.
 */
export function RefusalSheet({
  pc,
  pending,
  onRefuse,
  onClose,
}: {
  pc: boolean;
  pending: boolean;
  onRefuse: (input: { reason: string; images: string[] }) => void;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const evidence = useChatImagePicks(MAX_IMAGES, uploadEvidence, `最多上传${MAX_IMAGES}张凭证图片`);
  const { picks: images, add, remove, uploading } = evidence;

  const submit = () => {
    if (!picked) return showToast('请选择拒绝收货的原因');
    if (picked === '其他' && details.trim().length < 2) return showToast('请填写拒绝收货的原因');
    if (uploading) return showToast('图片上传中，请稍候');
    const urls = evidence.urls();
    showModal({
      id: 'refuse-confirm',
      title: '确认拒绝收货？',
      content: '客服将介入处理，款项暂不结算',
      buttons: [
        { text: '再想想' },
        {
          text: '确认拒绝',
          primary: true,
          onClick: () => onRefuse({ reason: refusalText(picked, details), images: urls }),
        },
      ],
    });
  };

  return (
    <Sheet
      title="拒绝收货"
      subtitle="拒绝后订单交由客服处理，核实后退款或完成交易"
      pc={pc}
      onClose={onClose}
      testId="refusal-sheet"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={pending || !picked}
            onClick={submit}
            data-testid="refusal-submit"
          >
            {pending ? '提交中…' : '提交'}
          </button>
        </>
      }
    >
      <ReasonPicker
        label="拒绝原因"
        options={REFUSAL_REASONS}
        picked={picked}
        onPick={setPicked}
        detailsLabel="补充说明"
        details={details}
        onDetails={setDetails}
        placeholder="请描述收到的情况，如缺少的数量、不符的角色信息（选填）"
        testId="refusal-reason"
        detailsTestId="refusal-details"
      />
      <div className="form-label">
        <span>上传凭证</span>
        <small>
          选填，最多{MAX_IMAGES}张（{images.length}/{MAX_IMAGES}）
        </small>
      </div>
      <div className="evidence-list">
        {images.map((e) => (
          <div key={e.key} className={`evidence${e.failed ? ' failed' : ''}`} data-testid="refusal-image">
            <img src={e.preview} alt="凭证图片" />
            {!e.url && !e.failed ? <div className="evidence-state">上传中…</div> : null}
            {e.failed ? <div className="evidence-state">上传失败</div> : null}
            <button
              type="button"
              className="evidence-remove"
              aria-label="删除图片"
              onClick={() => remove(e.key)}
              data-testid="refusal-image-remove"
            >
              <X size="1em" aria-hidden="true" />
            </button>
          </div>
        ))}
        {images.length < MAX_IMAGES ? (
          <label className="evidence-add" data-testid="refusal-image-add">
            <span className="evidence-add-plus">+</span>
            <span>添加图片</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/heic"
              multiple
              hidden
              onChange={(e) => {
                add(e.target.files);
                e.target.value = '';
              }}
              data-testid="refusal-image-input"
            />
          </label>
        ) : null}
      </div>
      <p className="refusal-tip">
        凭证图片将发送到订单聊天，供客服核实。请确认已登录游戏查看，恶意拒绝收货将影响账号信用。
      </p>
    </Sheet>
  );
}
