import { randomUUID } from 'node:crypto';
import {
  conversationList,
  generateIMAssertSignedUrl,
  generateIMAssertToken,
  imGroup,
  tencentUserSig,
} from '@app/protocol/calls/im';
import { ErrorCode } from '@app/protocol/errors';
import { IM_MESSAGES } from '@app/protocol/im';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../platform/db/handle';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { IMAGE_TYPES, type ObjectStorage, UPLOAD_URL_TTL_SECONDS } from '../../platform/storage/object-storage';
import { imageFolder } from './chat-images';
import {
  conversations,
  groupIdOf,
  groupKey,
  groupMembers,
  groupOf,
  isReadOnly,
  membership,
  messageAt,
} from './im.service';
import { issueChatToken } from './im-tokens';

export function imRoutes(app: FastifyInstance, platform: CallPlatform, storage: ObjectStorage): void {
  const { db } = platform;

  registerCall(app, platform, tencentUserSig, async (_input, ctx) => ({
    account: ctx.user.uid,
    token: await issueChatToken(db, ctx.user.uid, ctx.user.token),
  }));

  // Only the order's members learn its group; anyone else hears what a missing group says.
  registerCall(app, platform, imGroup, async (input, ctx) => {
    const group = await groupOf(db, 'order', Number(input.orderId));
    const member = group && (await membership(db, group.id, ctx.user.uid));
    if (!group || !member) return { groupId: null, readOnly: true, withService: false };
    const members = await groupMembers(db, group.id);
    return {
      groupId: groupKey(group.id),
      readOnly: isReadOnly(group.ended_at),
      withService: members?.members.some((m) => m.role === 'cs') ?? false,
    };
  });

  registerCall(app, platform, conversationList, async (_input, ctx) => {
    const list = await conversations(db, ctx.user.uid);
    return { list, unread: list.reduce((sum, c) => sum + c.unread, 0) };
  });

  // Chat images are private: uploaded under the sender's folder, shown through a short-lived URL to members only.
  registerCall(app, platform, generateIMAssertSignedUrl, (input, ctx) => {
    const key = `${imageFolder(ctx.user.uid)}${randomUUID()}.${input.typeName}`;
    return storage.presignPut(key, IMAGE_TYPES[input.typeName]).url;
  });

  registerCall(app, platform, generateIMAssertToken, (input, ctx) =>
    memberImageUrl(db, storage, ctx.user.uid, input.groupId, input.seq),
  );
}

/** The short-lived URL of an image message, for a member of its group only (a user, or 客服 on the workbench). */
export async function memberImageUrl(
  db: DbHandle,
  storage: ObjectStorage,
  account: string,
  groupKey: string,
  seq: number,
): Promise<{ url: string; expireTime: number }> {
  const groupId = groupIdOf(groupKey);
  const member = await membership(db, groupId, account);
  if (!member) throw new AppError(ErrorCode.BAD_PARAMS, IM_MESSAGES.notMember);
  const message = await messageAt(db, groupId, seq);
  if (message?.kind !== 'image') throw new AppError(ErrorCode.BAD_PARAMS, IM_MESSAGES.badImage);
  return {
    url: storage.presignGet(message.body, UPLOAD_URL_TTL_SECONDS),
    expireTime: Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS,
  };
}
