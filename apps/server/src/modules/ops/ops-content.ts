import { ErrorCode } from '@app/protocol/errors';
import { StaffAction } from '@app/protocol/ops';
import type {
  ContentKind,
  ContentPlace,
  ContentSlotInput,
  ContentState,
  LinkType,
  OpsContentSlot,
  OpsFeedback,
} from '@app/protocol/ops-content';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  type ContentSlotRow,
  type ContentSlotValues,
  createSlot,
  linkAllowed,
  slotById,
  slotPage,
  updateSlot,
} from '../market/content-slots';
import type { NoticesHandle } from '../notices/notices.module';
import { feedbackExists, feedbackPage, replyToFeedback } from '../user/feedback-inbox';
import { writeAudit } from './staff-audit';
import type { StaffPrincipal } from './staff-sessions';

/**
 * 内容 (issue 34 item 5, decision 0075): the content slots the player pages show, written through
 * the market's functions, and the feedback inbox through the user module's; each write with its
 * audit in one transaction (who, what, before/after with the reason, from where).
 */
export interface OpsContentDeps {
  db: Db;
  /** CONTENT_LINK_ORIGINS: the http(s) origins a link or a picture may point at, besides the site's own paths. */
  contentLinkOrigins: readonly string[];
  notices?: NoticesHandle;
}

interface Acting {
  me: StaffPrincipal;
  reason: string;
  ip: string;
}

const stateOf = (r: ContentSlotRow, now: number): ContentState =>
  r.ends_at && r.ends_at.getTime() <= now ? 'ended' : r.starts_at.getTime() > now ? 'scheduled' : 'live';

const view = (r: ContentSlotRow, now = Date.now()): OpsContentSlot => ({
  slotId: String(r.id),
  kind: r.kind as ContentKind,
  place: r.place as ContentPlace,
  title: r.title,
  imageUrl: r.image_url,
  // A slot without a link jumps nowhere whatever its type says (the seed's notices and ads).
  linkType: (r.hyperlink === ''
    ? 3
    : r.hyperlink_type === 2 || r.hyperlink_type === 3
      ? r.hyperlink_type
      : 1) as LinkType,
  link: r.hyperlink,
  applicationId: r.application_id,
  sort: r.sort,
  intervalHours: r.interval_hours,
  startsAt: r.starts_at.getTime(),
  endsAt: r.ends_at ? r.ends_at.getTime() : null,
  state: stateOf(r, now),
  version: r.version,
  updatedAt: r.updated_at.getTime(),
});

/** The slot's values once its links are checked against the allowed origins (refused in zh-CN otherwise). */
function checked(deps: OpsContentDeps, slot: ContentSlotInput): ContentSlotValues {
  if (slot.link && !linkAllowed(slot.link, deps.contentLinkOrigins))
    throw new AppError(ErrorCode.BAD_PARAMS, '链接不在允许的域名内：请填写站内路径（以 / 开头）或已登记的域名');
  if (slot.imageUrl && !linkAllowed(slot.imageUrl, deps.contentLinkOrigins))
    throw new AppError(ErrorCode.BAD_PARAMS, '图片地址不在允许的域名内：请使用站内图片或已登记的域名');
  return {
    kind: slot.kind,
    place: slot.place,
    title: slot.title,
    imageUrl: slot.imageUrl,
    linkType: slot.linkType,
    link: slot.linkType === 3 ? '' : slot.link,
    applicationId: slot.applicationId,
    sort: slot.sort,
    intervalHours: slot.intervalHours,
    startsAt: new Date(slot.startsAt),
    endsAt: slot.endsAt === null ? null : new Date(slot.endsAt),
  };
}

export async function contentSlots(
  db: Db,
  q: Parameters<typeof slotPage>[1],
): Promise<{ list: OpsContentSlot[]; total: number }> {
  const now = new Date();
  const { total, rows } = await slotPage(db, q, now);
  return { total, list: rows.map((r) => view(r, now.getTime())) };
}

export async function createSlotAsStaff(deps: OpsContentDeps, a: Acting, slot: ContentSlotInput) {
  const values = checked(deps, slot);
  return deps.db.transaction().execute(async (trx) => {
    const row = await createSlot(trx, values);
    await writeAudit(trx, {
      staffId: a.me.id,
      action: StaffAction.CONTENT_CREATE,
      ip: a.ip,
      after: { ...view(row), reason: a.reason },
    });
    return view(row);
  });
}

const conflict = () => new AppError(ErrorCode.BAD_PARAMS, '该内容已被其他员工修改，请刷新后在最新内容上修改');

/** An edit made on `version`: refused if another staff member saved the slot since (nothing changes). */
export async function editSlotAsStaff(
  deps: OpsContentDeps,
  a: Acting,
  slotId: number,
  version: number,
  slot: ContentSlotInput,
) {
  const values = checked(deps, slot);
  return deps.db.transaction().execute(async (trx) => {
    const before = await slotById(trx, slotId);
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, '内容不存在');
    const after = await updateSlot(trx, slotId, version, values);
    if (!after) throw conflict();
    await writeAudit(trx, {
      staffId: a.me.id,
      action: StaffAction.CONTENT_UPDATE,
      ip: a.ip,
      before: view(before),
      after: { ...view(after), reason: a.reason },
    });
    return view(after);
  });
}

/** 下线: the slot ends now (kept, listed as 已结束); one that has ended already is refused. */
export async function endSlotAsStaff(deps: OpsContentDeps, a: Acting, slotId: number, version: number) {
  return deps.db.transaction().execute(async (trx) => {
    const before = await slotById(trx, slotId);
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, '内容不存在');
    const now = new Date();
    if (stateOf(before, now.getTime()) === 'ended') throw new AppError(ErrorCode.BAD_PARAMS, '该内容已结束展示');
    const was = view(before, now.getTime());
    const after = await updateSlot(trx, slotId, version, {
      kind: before.kind,
      place: before.place,
      title: before.title,
      imageUrl: before.image_url,
      linkType: was.linkType,
      link: before.hyperlink,
      applicationId: before.application_id,
      sort: before.sort,
      intervalHours: before.interval_hours,
      startsAt: before.starts_at.getTime() > now.getTime() ? now : before.starts_at,
      endsAt: now,
    });
    if (!after) throw conflict();
    await writeAudit(trx, {
      staffId: a.me.id,
      action: StaffAction.CONTENT_END,
      ip: a.ip,
      before: was,
      after: { ...view(after, now.getTime()), reason: a.reason },
    });
    return view(after, now.getTime());
  });
}

export async function feedbackInbox(
  db: Db,
  q: Parameters<typeof feedbackPage>[1],
): Promise<{ list: OpsFeedback[]; total: number }> {
  const { total, rows } = await feedbackPage(db, q);
  return {
    total,
    list: rows.map((r) => ({
      feedbackId: String(r.id),
      userId: String(r.user_id),
      uid: r.uid,
      typeName: r.type_name,
      content: r.content,
      contact: r.contact,
      images: r.images,
      createdAt: r.created_at.getTime(),
      state: r.reply === null ? 'open' : 'replied',
      reply: r.reply,
      repliedAt: r.replied_at ? r.replied_at.getTime() : null,
      repliedBy: r.replied_by === null ? null : String(r.replied_by),
    })),
  };
}

/** The reply, once (two staff replying at once: the second is refused); the player is told by a notice after it commits. */
export async function replyAsStaff(
  deps: OpsContentDeps,
  a: { me: StaffPrincipal; ip: string },
  feedbackId: number,
  reply: string,
) {
  const replied = await deps.db.transaction().execute(async (trx) => {
    const done = await replyToFeedback(trx, feedbackId, a.me.id, reply);
    if (!done) {
      if (!(await feedbackExists(trx, feedbackId))) throw new AppError(ErrorCode.NOT_FOUND, '反馈不存在');
      throw new AppError(ErrorCode.BAD_PARAMS, '该反馈已回复');
    }
    await writeAudit(trx, {
      staffId: a.me.id,
      action: StaffAction.FEEDBACK_REPLY,
      ip: a.ip,
      targetUserId: done.userId,
      after: { feedbackId: String(feedbackId), reply },
    });
    return done;
  });
  await deps.notices?.notify(replied.userId, { kind: 'feedbackReplied', subject: replied.typeName, words: reply });
  return { feedbackId: String(feedbackId), state: 'replied' as const };
}
