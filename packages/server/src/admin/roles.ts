/**
 * Operator roles, lowest to highest. A route names the lowest role that may call it; every higher
 * role may too, with one exception: a moderator is moderation only. viewer reads everything (read
 * only), moderator moderates (comments, reports, word filter, feedback, posting bans) and reads only
 * what that needs, admin changes everything else, owner also manages operators.
 */
import type { OperatorRole } from '../db/schema-admin.js';

export type { OperatorRole };

export const ROLES: readonly OperatorRole[] = ['viewer', 'moderator', 'admin', 'owner'];

export function isRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function hasRole(actual: OperatorRole, required: OperatorRole): boolean {
  return ROLES.indexOf(actual) >= ROLES.indexOf(required);
}

/** What `mayCall` reads of a route (admin-route.ts). */
export interface RouteAccess {
  role: OperatorRole | 'public';
  moderation?: true;
}

/**
 * Whether an operator of `actual` role may call the route. The ladder, except that a moderator may
 * only call moderator routes and the viewer reads marked `moderation` (not money, system, growth…).
 */
export function mayCall(actual: OperatorRole, route: RouteAccess): boolean {
  if (route.role === 'public') return true;
  if (actual === 'moderator')
    return route.role === 'moderator' || (route.role === 'viewer' && !!route.moderation);
  return hasRole(actual, route.role);
}
