/**
 * The same roles as the server (admin/roles.ts): buttons and menu entries an operator may not use
 * are hidden. The ladder, except that moderators are moderation only.
 */
import { usePermissions } from '@refinedev/core';
import type { Role } from './auth-provider';

const ORDER: readonly Role[] = ['viewer', 'moderator', 'admin', 'owner'];

export function hasRole(actual: Role | null | undefined, required: Role): boolean {
  return !!actual && ORDER.indexOf(actual) >= ORDER.indexOf(required);
}

/** True when the signed-in operator has `required` or a higher role. */
export function useCan(required: Role): boolean {
  const { data } = usePermissions<Role>({});
  return hasRole(data, required);
}

/** True for a moderator: the console shows only moderation (community and user lookup). */
export function useModerationOnly(): boolean {
  const { data } = usePermissions<Role>({});
  return data === 'moderator';
}

/** Menu entries (Refine resource names) a moderator may open; the server refuses the rest. */
export const MODERATOR_RESOURCES: ReadonlySet<string> = new Set([
  'community',
  'community/comments',
  'community/reports',
  'community/words',
  'community/feedback',
  'users',
]);
