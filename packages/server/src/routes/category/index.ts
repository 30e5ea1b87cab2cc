/** /v3/category/index, works, tags: category pages, filters and tag lists. */
import { categoryIndexCall, categoryTagsCall, categoryWorksCall } from '@dm51/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/envelope.js';

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, categoryIndexCall, async (input) => app.services.catalogue.filterOptions(input.type));
  registerCall(app, categoryWorksCall, async (input) =>
    app.services.catalogue.works({
      type: input.type,
      categoryId: input.category_id,
      tagId: input.tag_id,
      status: input.status,
      pay: input.pay,
      order: input.order,
      page: input.page,
      limit: input.limit,
    }),
  );
  registerCall(app, categoryTagsCall, async (input) =>
    app.services.catalogue.tags(input.type, input.page, input.limit),
  );
};
