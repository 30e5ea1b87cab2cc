/**
 * Operator roles, lowest to highest. A route names the lowest role that may call it; every higher
 * role may too. viewer reads everything, moderator also moderates (comments, reports, word filter,
 * feedback, posting bans), admin changes everything else, owner also manages operators.
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
