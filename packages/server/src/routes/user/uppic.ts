/** /v3/user/uppic: avatar upload (multipart, image in `file`). */
import { AVATAR_MAX_BYTES, userUppicCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall, sessionOf } from '../../plugins/envelope.js';
import { presentUserInfo } from '../../presenters/user.presenter.js';

export const userUppicRoute: FastifyPluginAsync = async (app) => {
  registerCall(
    app,
    userUppicCall,
    async (_input, context) => {
      const { userId } = sessionOf(context);
      const user = await app.services.accounts.uploadAvatar(userId, context.upload?.buffer ?? null);
      return { pic: user.pic, user: presentUserInfo(user, await app.services.ai.charges.freeLeft(userId)) };
    },
    { upload: { maxBytes: AVATAR_MAX_BYTES } },
  );
};
