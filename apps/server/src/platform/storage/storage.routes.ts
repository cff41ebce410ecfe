import { ErrorCode } from '@app/protocol/errors';
import type { FastifyInstance } from 'fastify';
import { LOCAL_OBJECT_PREFIX, type LocalStorage } from './local-storage';
import { MAX_IMAGE_BYTES, sniffImageType } from './object-storage';

/**
 * The local driver's HTTP side: presigned PUT (type and size checked against the content) and
 * GET and HEAD (public/ keys freely, others with a signed URL; Fastify answers HEAD from GET).
 */
export async function localStorageRoutes(app: FastifyInstance, storage: LocalStorage): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    scope.put<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
      `${LOCAL_OBJECT_PREFIX}*`,
      async (request, reply) => {
        const key = request.params['*'];
        const grant = storage.verify('PUT', key, request.query);
        if (!grant)
          return reply.status(403).send({ code: ErrorCode.BAD_ENVELOPE, msg: '上传地址无效或已过期', data: null });
        const declared = String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim();
        const body = request.body as Buffer | undefined;
        if (
          declared !== grant.contentType ||
          !body ||
          body.length === 0 ||
          sniffImageType(body) !== grant.contentType
        ) {
          return reply.status(415).send({ code: ErrorCode.BAD_PARAMS, msg: '图片格式错误', data: null });
        }
        await storage.write(key, body, grant.contentType);
        return reply.status(200).send({ code: ErrorCode.OK, msg: 'success', data: null });
      },
    );

    const read = async (key: string, query: Record<string, string | undefined>) => {
      if (!key.startsWith('public/') && !storage.verify('GET', key, query)) return null;
      return storage.read(key);
    };
    scope.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
      `${LOCAL_OBJECT_PREFIX}*`,
      async (request, reply) => {
        const object = await read(request.params['*'], request.query);
        if (!object)
          return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: '文件不存在或链接已过期', data: null });
        return reply
          .type(object.contentType)
          .header(
            'cache-control',
            request.params['*'].startsWith('public/') ? 'public, max-age=86400' : 'private, no-store',
          )
          .header('x-content-type-options', 'nosniff')
          .send(object.bytes);
      },
    );
  });
}
