import {
  contentListQuery,
  contentSlotEdit,
  contentSlotEnd,
  contentSlotParams,
  contentSlotPayload,
  feedbackListQuery,
  feedbackParams,
  feedbackReplyPayload,
} from '@app/protocol/ops-content';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contentSlots,
  createSlotAsStaff,
  editSlotAsStaff,
  endSlotAsStaff,
  feedbackInbox,
  type OpsContentDeps,
  replyAsStaff,
} from './ops-content';
import { ok, parse, staffOf } from './ops-http';

const content = { config: { access: 'content' as const } };
const feedback = { config: { access: 'feedback' as const } };
const created = z.object({
  slot: contentSlotPayload,
  reason: z
    .string({ error: '请填写发布说明' })
    .trim()
    .min(2, '请填写发布说明（至少2个字）')
    .max(200, '说明不超过200个字'),
});

/** 内容 (运营, 管理员) and 意见反馈 (客服, 运营, 管理员): thin routes over ops-content.ts. */
export function opsContentRoutes(ops: FastifyInstance, deps: OpsContentDeps): void {
  const { db } = deps;
  ops.get('/content/slots', content, async (request) =>
    ok(await contentSlots(db, parse(contentListQuery, request.query))),
  );
  ops.post('/content/slots', content, async (request) => {
    const { slot, reason } = parse(created, request.body);
    return ok(await createSlotAsStaff(deps, { me: staffOf(request), reason, ip: request.ip }, slot));
  });
  ops.post('/content/slots/:slotId', content, async (request) => {
    const { slotId } = parse(contentSlotParams, request.params);
    const { version, slot, reason } = parse(contentSlotEdit, request.body);
    return ok(await editSlotAsStaff(deps, { me: staffOf(request), reason, ip: request.ip }, slotId, version, slot));
  });
  ops.post('/content/slots/:slotId/end', content, async (request) => {
    const { slotId } = parse(contentSlotParams, request.params);
    const { version, reason } = parse(contentSlotEnd, request.body);
    return ok(await endSlotAsStaff(deps, { me: staffOf(request), reason, ip: request.ip }, slotId, version));
  });
  ops.get('/feedback', feedback, async (request) =>
    ok(await feedbackInbox(db, parse(feedbackListQuery, request.query))),
  );
  ops.post('/feedback/:feedbackId/reply', feedback, async (request) => {
    const { feedbackId } = parse(feedbackParams, request.params);
    const { reply } = parse(feedbackReplyPayload, request.body);
    return ok(await replyAsStaff(deps, { me: staffOf(request), ip: request.ip }, feedbackId, reply));
  });
}
