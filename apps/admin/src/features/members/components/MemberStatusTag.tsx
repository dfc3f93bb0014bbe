import { Badge } from 'antd';
import type { MemberStatus } from '../../../entities/member/types.ts';

export function MemberStatusTag({ status }: { status: MemberStatus }) {
  return status === 'active' ? <Badge status="success" text="正常" /> : <Badge status="error" text="已禁用" />;
}
