import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { isPhoneNow } from '../../../lib/useIsPhone.ts';
import { paymentKeys } from './paymentKeys.ts';

export interface PayMethod {
  method: string;
  name: string;
}

export interface PayStatus {
  orderNo: string;
  status: OrderStatus;
  statusText: string;
  /** One of the paid statuses of the shared state table. */
  paid: boolean;
  amount: number;
  payDeadline: string;
}

/** A redirect provider answers payUrl (the browser goes there); WeChat Pay Native answers codeUrl (a QR code). */
export interface CreatedPayment {
  payUrl?: string;
  codeUrl?: string;
  amount: number;
  payDeadline: string;
  method: string;
}

/** The methods the server offers now (the sandbox, or 支付宝 / 微信支付 as configured). */
export function getPayMethods() {
  return request.get<PayMethod[]>('/member/pay/methods');
}

export function usePayMethods() {
  return useQuery({ queryKey: paymentKeys.methods, queryFn: getPayMethods });
}

export function getPayStatus(orderNo: string) {
  return request.get<PayStatus>('/member/pay/order/status', { orderNo }, { silent: true });
}

/**
 * Polls while the order waits for money: only the provider's verified notification marks it paid,
 * so the page watches the server rather than trusting the browser's return from the cashier.
 */
export function usePayStatus(orderNo: string | undefined, fast: boolean) {
  return useQuery({
    queryKey: paymentKeys.status(orderNo),
    queryFn: () => getPayStatus(orderNo!),
    enabled: Boolean(orderNo),
    staleTime: 0,
    refetchInterval: (query) => {
      const s = query.state.data;
      if (query.state.error || (s && s.status !== 'PENDING_PAYMENT')) return false;
      return fast ? 1500 : 3000;
    },
  });
}

export function createPayment(v: { orderNo: string; method: string }) {
  return request.post<CreatedPayment>('/member/pay/order/create', { ...v, mobile: isPhoneNow() });
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment });
}
