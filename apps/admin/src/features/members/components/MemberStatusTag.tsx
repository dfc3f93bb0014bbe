import { Badge } from 'antd';
import { MEMBER_STATUS_NAMES, type MemberStatus } from '@mall/shared';

const BADGE: Record<MemberStatus, 'success' | 'error' | 'warning' | 'default'> = {
  active: 'success',
  disabled: 'error',
  cancelling: 'warning',
  cancelled: 'default',
};

/** 正常 / 已禁用 / 注销中 / 已注销. */
export function MemberStatusTag({ status }: { status: MemberStatus }) {
  return <Badge status={BADGE[status] ?? 'default'} text={MEMBER_STATUS_NAMES[status] ?? status} />;
}

/** 注销中 and 已注销 are the member's own: an operator neither disables nor restores them. */
export const operatorMayChange = (status: MemberStatus) => status === 'active' || status === 'disabled';
