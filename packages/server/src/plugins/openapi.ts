/** The OpenAPI document (static, built from the call schemas) at /docs/json, and Swagger UI at /docs. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { buildOpenApiDocument } from '../openapi/document.js';

export const openApiPlugin: FastifyPluginAsync = async (app) => {
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument() as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
};
