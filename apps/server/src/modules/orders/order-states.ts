import { canTransition, Code, ORDER_TRANSITIONS, orderStatusName, type OrderStatus, type OrderTransition } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';

/** The state table lives in packages/shared (the screens read it too); this adds the server's refusal. */
export function refusal(action: OrderTransition, status: string): AppError {
  const verb = action === 'pay' ? '不能支付' : '不能进行此操作';
  return new AppError(Code.ORDER_STATE, `订单${orderStatusName(status)}，${verb}`);
}

/** The status after `action`, or the Chinese refusal naming the current status. */
export function nextStatus(action: OrderTransition, status: string): OrderStatus {
  if (!canTransition(action, status)) throw refusal(action, status);
  return ORDER_TRANSITIONS[action].to;
}
