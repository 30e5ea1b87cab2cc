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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // Its own policy (hashes of its inline scripts) replaces the app's on the docs pages; without
    // upgrade-insecure-requests, so the docs of a server on plain http still load.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
};
