import { z } from 'zod';
import { defineCall } from '../contract';
import { noticeSchema } from '../notices';
import { ROW_ID } from '../validation';

/** The message centre's notifications: the list (newest first, paged), read marks, the unread count. */
export const noticeList = defineCall({
  service: 'user',
  call: 'noticeList',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: "The viewer's notifications, newest first, 20 a page (before: the last id of the previous page)",
  request: z.object({ before: z.string().regex(ROW_ID).optional() }),
  response: z.object({ list: z.array(noticeSchema), more: z.boolean(), unread: z.number().int() }),
});

export const noticeRead = defineCall({
  service: 'user',
  call: 'noticeRead',
  version: 1,
  access: 'df',
  method: 'POST',
  scene: 'app',
  summary: 'Marks one notification read, or all of them (the nav bar option 全部已读)',
  request: z.object({ id: z.string().regex(ROW_ID).optional(), all: z.boolean().optional() }),
  response: z.object({ unread: z.number().int() }),
});
