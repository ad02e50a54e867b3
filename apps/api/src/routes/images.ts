import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES, staff as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { notFound } from '../lib/errors';
import { requireStaffBeforeBody, route } from '../http/route';
import { IMAGE_PATH } from '../services/model/photo-view';
import { uploadDishPhoto, uploadRestaurantPhoto } from '../services/flows/images/photos';
import { IMAGE_FILE_NAME, imageContentType } from '../services/adapters/images/storage';

/** The upload calls, whose too-large body is `errors.imageTooLarge` (server.ts error handler). */
const UPLOAD_PATHS = new Set([api.staffDishPhoto.path, api.staffRestaurantPhoto.path]);

export function isPhotoUpload(request: FastifyRequest): boolean {
  return UPLOAD_PATHS.has(request.routeOptions.url ?? '');
}

/**
 * Photo uploads (README "Menu photos") in a scope of their own: only here is a body read as raw bytes
 * of any type, up to PHOTO_MAX_BYTES (every other call keeps the server's 256 KB JSON limit), and
 * only once the staff token is known to be live. A JSON body still parses as JSON and is refused as
 * not an image.
 */
export async function registerImageRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    // The staff token first: a wrong one is refused before a byte of the body is read.
    scope.addHook('onRequest', (request) => requireStaffBeforeBody(ctx, request));
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    route(scope, ctx, api.staffDishPhoto, ({ params }, caller, request) =>
      uploadDishPhoto(ctx, caller, params.itemId, request.body),
    );
    route(scope, ctx, api.staffRestaurantPhoto, (_, caller, request) =>
      uploadRestaurantPhoto(ctx, caller, request.body),
    );
  });

  // The files: content-hashed names never change, so browsers and CDNs keep them for a year.
  app.get<{ Params: { file: string } }>(`${IMAGE_PATH}/:file`, async (request, reply) => {
    const { file } = request.params;
    const body = IMAGE_FILE_NAME.test(file) ? await ctx.images.get(file) : null;
    if (!body) return notFound();
    return reply
      .type(imageContentType(file))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(body);
  });
}
