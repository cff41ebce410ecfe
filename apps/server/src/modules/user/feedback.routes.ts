import {
  agreementKeys,
  appParam,
  faqList,
  feedback,
  myAgreements,
  userFeedbackTypeList,
} from '@app/protocol/calls/user-help';
import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { lockKey } from '../../platform/db/locks';
import { AppError } from '../../platform/errors';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import { agreementByKey, agreementVersion, consentOf } from './help-content';
import { userDb } from './user.tables';

/** Feedback one user may send in 24 hours. */
export const FEEDBACK_PER_DAY = 10;

/** Help content (FAQ, feedback types, agreements) lives in tables operations can edit. */
export function feedbackRoutes(
  app: FastifyInstance,
  platform: CallPlatform,
  opts: {
    customerServiceUrl: string;
    /** Where the games' hosts keep what putFileToAliYun answers (GameConfig.filesUrl). */
    gameFiles: readonly string[];
  },
): void {
  const { customerServiceUrl, gameFiles } = opts;
  const { db } = platform;
  registerCall(app, platform, userFeedbackTypeList, async () => ({
    list: await userDb(db).selectFrom('feedback_types').select(['id', 'name']).orderBy('sort').execute(),
  }));

  registerCall(app, platform, feedback, async (input, ctx) => {
    const type = await userDb(db)
      .selectFrom('feedback_types')
      .select('id')
      .where('id', '=', input.typeId)
      .executeTakeFirst();
    if (!type) throw new AppError(ErrorCode.BAD_PARAMS, '请选择反馈类型');
    if (!input.images.every((url) => isOwnFeedbackImage(url, ctx.user.uid) || isGameHostImage(url, gameFiles)))
      throw new AppError(ErrorCode.BAD_PARAMS, '截图无效，请重新上传');
    // Counted and written under one lock per user: concurrent requests count in turn.
    const row = await db.transaction().execute(async (trx) => {
      await lockKey(trx, 'feedback:user', ctx.user.userId);
      const recent = await userDb(trx)
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', ctx.user.userId)
        .where('created_at', '>', new Date(Date.now() - 86_400_000))
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= FEEDBACK_PER_DAY)
        throw new AppError(ErrorCode.TOO_FREQUENT, '今日反馈次数已达上限，请明天再试');
      return userDb(trx)
        .insertInto('feedback')
        .values({
          user_id: ctx.user.userId,
          type_id: input.typeId,
          content: input.content,
          contact: input.contact ?? null,
          images: JSON.stringify(input.images),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id: row.id };
  });

  registerCall(app, platform, faqList, async () => ({
    list: await userDb(db)
      .selectFrom('faqs')
      .select(['id', 'question', 'answer', 'category'])
      .orderBy('sort')
      .execute(),
  }));

  registerCall(app, platform, appParam, async () => {
    const rows = await userDb(db).selectFrom('agreements').select(['key', 'title']).execute();
    return {
      agreements: agreementKeys.flatMap((key) => {
        const found = rows.find((a) => a.key === key);
        return found ? [{ key, title: found.title, url: `/agreements/${key}` }] : [];
      }),
      customerServiceUrl,
    };
  });

  registerCall(app, platform, myAgreements, async (_input, ctx) => {
    const rows = await consentOf(db, ctx.user.userId);
    return {
      list: agreementKeys.flatMap((key) => {
        const r = rows.find((x) => x.key === key);
        return r
          ? [
              {
                key,
                title: r.title,
                agreedVersion: r.agreed_version,
                agreedAt: r.agreed_at.getTime(),
                currentVersion: r.current_version,
                url: `/agreements/${key}?version=${encodeURIComponent(r.agreed_version)}`,
              },
            ]
          : [];
      }),
    };
  });

  // The agreement pages themselves: plain HTML, readable in any web view and in the agreement modal.
  // ?version=… shows that version as it was published (the one a user agreed to stays readable).
  app.get<{ Params: { key: string }; Querystring: { version?: string } }>(
    '/agreements/:key',
    async (request, reply) => {
      const { version } = request.query;
      const row =
        typeof version === 'string' && version !== ''
          ? await agreementVersion(db, request.params.key, version)
          : await agreementByKey(db, request.params.key);
      if (!row)
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .send(agreementPage('未找到', '该协议不存在。', ''));
      return reply.type('text/html; charset=utf-8').send(agreementPage(row.title, row.body, row.version));
    },
  );
}

/** A screenshot this user uploaded through feedback/generatePreSignedUrl (public/feedback/<uid>/…), without a query. */
export function isOwnFeedbackImage(url: string, uid: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return false;
  }
  if (parsed.search || parsed.hash || !/^https?:$/.test(parsed.protocol)) return false;
  return new RegExp(`/public/feedback/${uid}/[\\w-]+\\.(?:png|jpe?g|webp|gif)$`).test(parsed.pathname);
}

/**
 * A picture a game's host stored through putFileToAliYun inside the game view (docs/host-bridge.md):
 * an image file directly under one of the games' files URLs, without a query. An absolute files
 * URL must match with its origin; a path (an embedded demo game, never in production) matches the
 * path, as its host page answers it on whatever origin the exchange is reached by.
 */
export function isGameHostImage(url: string, gameFiles: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password || !/^https?:$/.test(parsed.protocol))
    return false;
  return gameFiles.some((base) => {
    const at = base.startsWith('/') ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
    if (!at.startsWith(base)) return false;
    return /^[\w-]+-[\w.-]{1,80}\.(?:png|jpe?g|webp|gif)$/i.test(at.slice(base.length));
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function agreementPage(title: string, body: string, version: string): string {
  const paragraphs = body
    .split('\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{margin:0;font:15px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329;background:#fff}main{max-width:760px;margin:0 auto;padding:20px 18px 40px}h1{font-size:20px;margin:0 0 4px}small{color:#8a8f99}p{margin:12px 0}</style></head><body><main><h1>${escapeHtml(title)}</h1>${version ? `<small>版本 ${escapeHtml(version)}</small>` : ''}${paragraphs}</main></body></html>`;
}
