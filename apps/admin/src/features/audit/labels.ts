import {
  AUDIT_ACTION_NAMES,
  AUDIT_FIELD_NAMES,
  AUDIT_OBJECT_NAMES,
  auditValueName,
  OPS_BUILTIN_ROLES,
} from '@mall/shared';

/**
 * Chinese names for what the log records (packages/shared/src/audit-names.ts). An action written by the
 * guard for a write that recorded nothing of its own is the endpoint's path: it reads 「接口 …」.
 */
export const ACTION_LABELS = AUDIT_ACTION_NAMES;
export const OBJECT_TYPE_LABELS = AUDIT_OBJECT_NAMES;

const ROLE_NAMES = Object.fromEntries(Object.entries(OPS_BUILTIN_ROLES).map(([key, role]) => [key, role.name]));

export const actionLabel = (code: string) => ACTION_LABELS[code] ?? (code.includes('/') ? `接口 ${code}` : code);
export const objectTypeLabel = (code: string) => OBJECT_TYPE_LABELS[code] ?? code;
export const fieldLabel = (code: string) => AUDIT_FIELD_NAMES[code] ?? code;

/** A coded value in words: a status by its object, a role, a coupon's kind; undefined when it has none. */
export function valueLabel(objectType: string, field: string, value: string): string | undefined {
  if (field === 'roleKey') return ROLE_NAMES[value];
  return auditValueName(objectType, field, value);
}
