import type { ReactNode } from 'react';
import type { OpsPermission } from '@mall/shared';
import { useMe } from './session.ts';

/** One permission, or any of several (a screen several roles reach for different reasons). */
export type PermissionNeed = OpsPermission | readonly OpsPermission[] | undefined;

/** Whether `granted` covers `need`; no need means every signed-in operator. */
export function allows(granted: readonly string[] | undefined, need: PermissionNeed): boolean {
  if (!need) return true;
  if (!granted) return false;
  const anyOf: readonly OpsPermission[] = typeof need === 'string' ? [need] : need;
  return anyOf.length === 0 || anyOf.some((p) => granted.includes(p));
}

/**
 * Whether the signed-in operator holds a permission. The server checks every call anyway: this only
 * keeps menus and buttons an operator could not use out of sight.
 */
export function usePermission(need: PermissionNeed): boolean {
  const { data } = useMe();
  return allows(data?.permissions, need);
}

/** Renders its children only for an operator holding the permission: `<Can permission="order:ship">`. */
export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: PermissionNeed;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return <>{usePermission(permission) ? children : fallback}</>;
}
