import type { OpsPermission } from '@mall/shared';

/** Replies of /ops/operator/* and /ops/role/* as the operators module presents them. */
export interface OperatorRow {
  id: string;
  username: string;
  displayName: string;
  role: { key: string; name: string };
  status: 'active' | 'disabled';
  totpEnabled: boolean;
  /** Still on a one-time password. */
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

export interface RoleRow {
  key: string;
  name: string;
  builtin: boolean;
  permissions: OpsPermission[];
  /** 超级管理员 is not: it always holds everything. */
  editable: boolean;
  operatorCount: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface OneTimePassword {
  username: string;
  oneTimePassword: string;
}
