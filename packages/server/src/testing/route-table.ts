import type { FastifyInstance } from 'fastify';

/**
 * The routes an app registered for `method`, read from Fastify's route tree (children extend their
 * parents' paths), each with a leading slash: tests generated from what is registered cover a new
 * route without anyone adding it to them.
 */
export function registeredRoutes(app: FastifyInstance, method: 'GET' | 'POST'): string[] {
  const tree = app.printRoutes({ commonPrefix: false, method });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]!}`;
    stack.push(path);
    if (match[3]?.includes(method)) routes.push(path.startsWith('/') ? path : `/${path}`);
  }
  return [...new Set(routes)];
}
