import {
  agreementParams,
  agreementPublish,
  contentListQuery,
  contentSlotCreate,
  contentSlotEdit,
  contentSlotEnd,
  contentSlotParams,
  faqDelete,
  faqParams,
  faqPayload,
  feedbackListQuery,
  feedbackParams,
  feedbackReplyPayload,
  feedbackTypeParams,
  feedbackTypePayload,
  helpWrite,
} from '@app/protocol/ops-content';
import type { FastifyInstance } from 'fastify';
import {
  contentSlots,
  createSlotAsStaff,
  editSlotAsStaff,
  endSlotAsStaff,
  feedbackInbox,
  type OpsContentDeps,
  replyAsStaff,
} from './ops-content';
import {
  agreements,
  deleteFaqAsStaff,
  faqs,
  publishAgreementAsStaff,
  saveFaqAsStaff,
  saveFeedbackTypeAsStaff,
  typesOfFeedback,
} from './ops-help';
import { ok, parse, staffOf } from './ops-http';

const content = { config: { access: 'content' as const } };
const feedback = { config: { access: 'feedback' as const } };
/** 内容 (运营, 管理员) and 意见反馈 (客服, 运营, 管理员): thin routes over ops-content.ts. */
export function opsContentRoutes(ops: FastifyInstance, deps: OpsContentDeps): void {
  const { db } = deps;
  ops.get('/content/slots', content, async (request) =>
    ok(await contentSlots(db, parse(contentListQuery, request.query))),
  );
  ops.post('/content/slots', content, async (request) => {
    const { slot, reason } = parse(contentSlotCreate, request.body);
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

  // 帮助与协议: the FAQ, the feedback types, the agreements by version.
  ops.get('/help/faqs', content, async () => ok({ list: await faqs(db) }));
  ops.post('/help/faqs', content, async (request) => {
    const { item, reason } = parse(helpWrite(faqPayload), request.body);
    return ok(await saveFaqAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, null, item));
  });
  ops.post('/help/faqs/:faqId', content, async (request) => {
    const { faqId } = parse(faqParams, request.params);
    const { item, reason } = parse(helpWrite(faqPayload), request.body);
    return ok(await saveFaqAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, faqId, item));
  });
  ops.post('/help/faqs/:faqId/delete', content, async (request) => {
    const { faqId } = parse(faqParams, request.params);
    const { reason } = parse(faqDelete, request.body);
    return ok(await deleteFaqAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, faqId));
  });
  ops.get('/help/feedback-types', content, async () => ok({ list: await typesOfFeedback(db) }));
  ops.post('/help/feedback-types', content, async (request) => {
    const { item, reason } = parse(helpWrite(feedbackTypePayload), request.body);
    return ok(await saveFeedbackTypeAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, null, item));
  });
  ops.post('/help/feedback-types/:typeId', content, async (request) => {
    const { typeId } = parse(feedbackTypeParams, request.params);
    const { item, reason } = parse(helpWrite(feedbackTypePayload), request.body);
    return ok(await saveFeedbackTypeAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, typeId, item));
  });
  ops.get('/help/agreements', content, async () => ok({ list: await agreements(db) }));
  ops.post('/help/agreements/:key', content, async (request) => {
    const { key } = parse(agreementParams, request.params);
    const { reason, ...next } = parse(agreementPublish, request.body);
    return ok(await publishAgreementAsStaff(db, { me: staffOf(request), reason, ip: request.ip }, key, next));
  });
}
