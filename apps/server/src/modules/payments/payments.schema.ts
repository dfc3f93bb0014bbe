import { z } from 'zod';
import { text } from '../../lib/validation.ts';

const orderNo = text('订单号', { min: 1, max: 40, pattern: /^[A-Za-z0-9]+$/ });

export const createPaymentBody = z.object({
  orderNo,
  method: text('支付方式', { min: 1, max: 20 }),
});

export const paymentStatusQuery = z.object({ orderNo });
