import { useEffect, type ReactNode } from 'react';
import { Forbidden } from '../../components/StatusPages.tsx';
import { usePermission, type PermissionNeed } from '../../lib/permission.tsx';
import { documentTitle } from '../../lib/routeMeta.ts';

/** A screen opened without its permission (a bookmark, a typed address) shows 无权访问 instead. */
export function RequirePermission({ need, children }: { need: PermissionNeed; children: ReactNode }) {
  const allowed = usePermission(need);
  useEffect(() => {
    if (!allowed) document.title = documentTitle('无权访问');
  }, [allowed]);
  return <>{allowed ? children : <Forbidden />}</>;
}
