/**
 * Menu entries a role cannot use are hidden (the server refuses them anyway): operators are the
 * owner's business. Everything else is readable by every role; buttons check useCan().
 */
import type { AccessControlProvider } from '@refinedev/core';
import { authProvider, type Role } from './auth-provider';
import { hasRole } from './roles';

const MINIMUM: Record<string, Role> = { operators: 'owner' };

export const accessControlProvider: AccessControlProvider = {
  async can({ resource }) {
    const required = resource ? MINIMUM[resource] : undefined;
    if (!required) return { can: true };
    const role = (await authProvider.getPermissions?.()) as Role | null;
    return { can: hasRole(role, required) };
  },
};
