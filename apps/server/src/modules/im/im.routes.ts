import { conversationList, imGroup, tencentUserSig } from '@app/protocol/calls/im';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { conversations, groupKey, groupOf, isReadOnly, membership } from './im.service';
import { issueChatToken } from './im-tokens';

export function imRoutes(app: FastifyInstance, platform: CallPlatform): void {
  const { db } = platform;

  registerCall(app, platform, tencentUserSig, async (_input, ctx) => ({
    account: ctx.user.uid,
    token: await issueChatToken(db, ctx.user.uid),
  }));

  // Only the order's members learn its group; anyone else hears what a missing group says.
  registerCall(app, platform, imGroup, async (input, ctx) => {
    const group = await groupOf(db, 'order', Number(input.orderId));
    const member = group && (await membership(db, group.id, ctx.user.uid));
    if (!group || !member) return { groupId: null, readOnly: true };
    return { groupId: groupKey(group.id), readOnly: isReadOnly(group.ended_at) };
  });

  registerCall(app, platform, conversationList, async (_input, ctx) => {
    const list = await conversations(db, ctx.user.uid);
    return { list, unread: list.reduce((sum, c) => sum + c.unread, 0) };
  });
}
