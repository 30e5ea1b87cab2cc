/** The same role order as the server (admin/roles.ts): buttons an operator may not use are hidden. */
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
