import { z } from 'zod';
import { flag, text } from '../../lib/validation.ts';

const orderNo = text('订单号', { min: 1, max: 40, pattern: /^[A-Za-z0-9]+$/ });

export const createPaymentBody = z.object({
  orderNo,
  method: text('支付方式', { min: 1, max: 20 }),
  /** The buyer pays on a phone: the provider's mobile cashier (Alipay WAP pay) instead of the desktop page. */
  mobile: flag('设备类型').optional(),
});

export const paymentStatusQuery = z.object({ orderNo });
