/** One line of the append-only operator log, as GET /ops/audit/page answers it (personal data masked). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  id: string | number;
  operatorName: string;
  ip: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  changes: AuditChange[];
  reason: string | null;
  createdAt: string;
}

export interface AuditQuery {
  operator?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
  pageNum: number;
  pageSize: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
