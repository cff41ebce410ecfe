import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type { OpsAgreement, OpsFaq, OpsFeedbackType } from '@app/protocol/ops-content';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  addFaq,
  addFeedbackType,
  agreementByKey,
  agreementsWithVersions,
  allFaqs,
  deleteFaq,
  faqById,
  feedbackTypeById,
  feedbackTypes,
  publishAgreement,
  updateFaq,
  updateFeedbackType,
} from '../user/help-content';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * 帮助与协议 (issue 34 item 5, decision 0075): the FAQ, the feedback types and the agreements, written
 * through the user module's help-content.ts, each write with its audit in one transaction.
 */
interface Acting {
  me: StaffPrincipal;
  reason: string;
  ip: string;
}
type Faq = { category: string; question: string; answer: string; sort: number };

const faqView = (r: Faq & { id: number }): OpsFaq => ({
  faqId: String(r.id),
  category: r.category,
  question: r.question,
  answer: r.answer,
  sort: r.sort,
});

const audited = (trx: Db, a: Acting, action: StaffAction, before: unknown, after: unknown) =>
  writeAudit(trx, {
    staffId: a.me.id,
    action,
    ip: a.ip,
    before: before ?? null,
    after: after === null ? { reason: a.reason } : { ...(after as object), reason: a.reason },
  });

export const faqs = async (db: Db) => (await allFaqs(db)).map(faqView);

export function saveFaqAsStaff(db: Db, a: Acting, faqId: number | null, faq: Faq) {
  return db.transaction().execute(async (trx) => {
    if (faqId === null) {
      const row = faqView(await addFaq(trx, faq));
      await audited(trx, a, StaffAction.FAQ_CREATE, null, row);
      return row;
    }
    const before = await faqById(trx, faqId);
    const after = await updateFaq(trx, faqId, faq);
    if (!before || !after) throw new AppError(ErrorCode.NOT_FOUND, '问题不存在');
    await audited(trx, a, StaffAction.FAQ_UPDATE, faqView(before), faqView(after));
    return faqView(after);
  });
}

export function deleteFaqAsStaff(db: Db, a: Acting, faqId: number) {
  return db.transaction().execute(async (trx) => {
    const gone = await deleteFaq(trx, faqId);
    if (!gone) throw new AppError(ErrorCode.NOT_FOUND, '问题不存在');
    await audited(trx, a, StaffAction.FAQ_DELETE, faqView(gone), null);
    return { faqId: String(faqId) };
  });
}

export const typesOfFeedback = async (db: Db): Promise<OpsFeedbackType[]> =>
  (await feedbackTypes(db)).map((t) => ({ typeId: String(t.id), name: t.name, sort: t.sort, used: Number(t.used) }));

export function saveFeedbackTypeAsStaff(
  db: Db,
  a: Acting,
  typeId: number | null,
  type: { name: string; sort: number },
) {
  return db.transaction().execute(async (trx) => {
    const before = typeId === null ? undefined : await feedbackTypeById(trx, typeId);
    if (typeId !== null && !before) throw new AppError(ErrorCode.NOT_FOUND, '反馈类型不存在');
    const clash = (await feedbackTypes(trx)).find((t) => t.name === type.name && t.id !== typeId);
    if (clash) throw new AppError(ErrorCode.BAD_PARAMS, `已有名为「${type.name}」的反馈类型`);
    const after = typeId === null ? await addFeedbackType(trx, type) : await updateFeedbackType(trx, typeId, type);
    await audited(trx, a, StaffAction.FEEDBACK_TYPE_SAVE, before ?? null, after);
    return { typeId: String(after?.id), name: type.name, sort: type.sort };
  });
}

export async function agreements(db: Db): Promise<OpsAgreement[]> {
  return (await agreementsWithVersions(db)).map((r) => ({
    key: r.key,
    title: r.title,
    version: r.version,
    body: r.body,
    updatedAt: r.updated_at.getTime(),
    versions: r.versions.map((v) => ({ version: v.version, title: v.title, publishedAt: v.published_at.getTime() })),
  }));
}

/** A new version of an agreement; its version label must be new (a published version never changes). */
export function publishAgreementAsStaff(
  db: Db,
  a: Acting,
  key: string,
  next: { title: string; body: string; version: string },
) {
  return db.transaction().execute(async (trx) => {
    const before = await agreementByKey(trx, key);
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, '协议不存在');
    const after = await publishAgreement(trx, key, next);
    if (!after) throw new AppError(ErrorCode.BAD_PARAMS, `版本 ${next.version} 已发布过，请使用新的版本号`);
    await audited(
      trx,
      a,
      StaffAction.AGREEMENT_PUBLISH,
      { key, version: before.version, title: before.title },
      { key, version: after.version, title: after.title },
    );
    return { key, version: after.version };
  });
}
