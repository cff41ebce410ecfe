import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../db/database';
import { ensureSecret } from '../secrets';
import { imageStyleRoutes } from './image-styles';
import { createLocalStorage } from './local-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';
import { localStorageRoutes } from './storage.routes';

/**
 * Where uploads go (STORAGE_DRIVER): an S3-compatible bucket, or local files under UPLOAD_DIR
 * served by this process with signed URLs (its routes registered here); resized styles of any image. loadConfig has checked
 * that the chosen driver's settings are there.
 */
export async function openStorage(
  app: FastifyInstance,
  deps: { db: Db; config: Config; production: boolean },
): Promise<ObjectStorage> {
  const { config } = deps;
  // Resized images (platform-shell §9) whichever driver stores the originals.
  await imageStyleRoutes(app);
  if (config.STORAGE_DRIVER === 's3')
    return createS3Storage({
      endpoint: config.S3_ENDPOINT as string,
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID as string,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
      virtualHosted: config.S3_VIRTUAL_HOSTED,
    });
  const local = createLocalStorage({
    root: config.UPLOAD_DIR ?? path.join(config.dataDir, 'uploads'),
    publicBaseUrl: config.PUBLIC_BASE_URL ?? '',
    secret: await ensureSecret(deps.db, 'storageSigning', config.STORAGE_SIGNING_SECRET, {
      production: deps.production,
      variable: 'STORAGE_SIGNING_SECRET',
    }),
  });
  await localStorageRoutes(app, local);
  return local;
}
