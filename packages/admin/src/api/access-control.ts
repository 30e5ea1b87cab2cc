/**
 * Menu entries a role cannot use are hidden (the server refuses them anyway): operators are the
 * owner's business, lock-outs the admins', and moderators see only moderation. Everything else is readable by every
 * other role; buttons check useCan().
 */
import type { AccessControlProvider } from '@refinedev/core';
import { authProvider, type Role } from './auth-provider';
import { hasRole, MODERATOR_RESOURCES } from './roles';

const MINIMUM: Record<string, Role> = { operators: 'owner', lockouts: 'admin' };

export const accessControlProvider: AccessControlProvider = {
  async can({ resource }) {
    const role = (await authProvider.getPermissions?.()) as Role | null;
    if (role === 'moderator' && resource) return { can: MODERATOR_RESOURCES.has(resource) };
    const required = resource ? MINIMUM[resource] : undefined;
    if (!required) return { can: true };
    return { can: hasRole(role, required) };
  },
};
