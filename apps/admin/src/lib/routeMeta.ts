import { createContext, useContext } from 'react';
import type { PermissionNeed } from './permission.tsx';

/** The console route being shown: its title (document title, page header) and what it needs. */
export interface RouteMeta {
  path: string;
  title: string;
  permission?: PermissionNeed;
}

export const RouteMetaContext = createContext<RouteMeta | null>(null);

export function useRouteMeta(): RouteMeta | null {
  return useContext(RouteMetaContext);
}

export const CONSOLE_NAME = '优选商城管理后台';

export function documentTitle(title?: string): string {
  return title ? `${title} - ${CONSOLE_NAME}` : CONSOLE_NAME;
}
