import multipart from '@fastify/multipart';
import { errorResponseSchema, texts, uploadResponseSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error.ts';
import { createImageVariants, exceedsPixelLimit } from '../images/images.service.ts';
import { asClientError, DEFAULT_UPLOAD_LIMITS, storeUpload } from './upload.service.ts';
import { access } from '../../plugins/access-control.ts';

/** POST /api/upload: one file in the multipart field `file`, streamed to storage; answers its public url. */
export async function uploadRoutes(app: App, { db, storage, clock }: AppDeps): Promise<void> {
  // Own scope, so that only this route parses multipart bodies.
  await app.register(async (scope: App) => {
    await scope.register(multipart, {
      limits: {
        files: 1,
        // One byte over the largest limit, so the service's per-type check sees the overflow and
        // answers its own message; busboy's limit is only a backstop.
        fileSize: DEFAULT_UPLOAD_LIMITS.videoBytes + 1,
        fields: 5,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 20,
      },
    });
    // A refused upload stops being read mid-body, and Node only discards bodies nobody started
    // reading: without this the rest of the upload would stall the keep-alive connection.
    scope.addHook('onResponse', async (request) => {
      if (!request.raw.readableEnded) request.raw.resume();
    });

    scope.post(
      '/api/upload',
      {
        onRequest: scope.requireAdmin,
        config: { access: access.uploads },
        schema: {
          tags: ['uploads'],
          description:
            'Formulaire multipart, champ « file » : image JPEG, PNG, WebP, AVIF ou GIF (15 Mo et 50 millions de pixels au plus) ou vidéo MP4, WebM ou OGG (150 Mo au plus). Le type est lu dans le contenu du fichier.',
          security: [{ bearerAuth: [] }],
          consumes: ['multipart/form-data'],
          response: {
            201: uploadResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            413: errorResponseSchema,
            415: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMediaType(texts.api.unsupportedMediaType);
        const part = await request.file().catch(asClientError);
        if (!part || part.fieldname !== 'file') {
          part?.file.destroy();
          throw badRequest(texts.api.uploadMissingFile);
        }
        const { key, url, kind } = await storeUpload(storage, part.file, { now: clock.now() });
        // A decompression bomb (tiny file, huge dimensions) is refused and removed, not kept without variants.
        if (kind === 'image' && (await exceedsPixelLimit(storage, key))) {
          await storage.remove(key);
          throw payloadTooLarge(texts.api.uploadImageTooManyPixels);
        }
        // Made before replying, so the page saved next has them: 5 s for a 24 MP photo on a busy 2-core
        // machine, with memory bounded (about 20 MB).
        const image = kind === 'image' ? await createImageVariants({ db, storage, clock }, key, { log: request.log }) : undefined;
        return reply.status(201).send({ url, ...image });
      },
    );
  });
}
