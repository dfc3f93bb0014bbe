import { Alert } from 'antd';
import { formatTime } from '@mall/shared';
import type { MemberDetail } from '../../../entities/member/types.ts';

const at = (iso: string) => formatTime(iso, 'YYYY-MM-DD HH:mm');

/**
 * 注销账号 as the console sees it: a member in cooling-off (when the erasure is due) or erased (when).
 * There is nothing to restore: the personal data is gone, and only the member may take back a request.
 */
export function CancellationNote({ member }: { member: Pick<MemberDetail, 'status' | 'cancellation'> }) {
  const c = member.cancellation;
  if (member.status === 'cancelling' && c) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`会员已申请注销，冷静期至 ${at(c.eraseAt)}`}
        description={`申请于 ${at(c.requestedAt)}。冷静期内会员本人登录可撤销注销；到期后个人信息将被删除，订单与售后去标识化保留。`}
        data-testid="member-cancellation-note"
      />
    );
  }
  if (member.status === 'cancelled') {
    return (
      <Alert
        type="info"
        showIcon
        title={`该会员已注销${c?.erasedAt ? `（${at(c.erasedAt)}）` : ''}`}
        description="个人信息已删除，无法恢复；手机号与用户名可被重新注册。订单与售后记录已去标识化保留。"
        data-testid="member-cancellation-note"
      />
    );
  }
  return null;
}
