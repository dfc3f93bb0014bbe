import { maskMobile, orderStatusName, PAYMENT_METHOD_NAMES } from '@mall/shared';
import { asText, csvDocument, type CsvValue } from '../../lib/csv.ts';
import { fullAddress } from '../address/address.service.ts';
import type { OrderItemRow, OrderRow } from './orders.repo.ts';

/**
 * The columns of 导出订单 (GET /ops/order/export): one row per order, amounts in yuan with two
 * decimals (a spreadsheet sums them), times in Asia/Shanghai, the mobile masked as in the list.
 */
const HEADER = [
  '订单号',
  '下单时间',
  '订单状态',
  '商品',
  '件数',
  '已退款件数',
  '商品金额（元）',
  '优惠（元）',
  '运费（元）',
  '应付金额（元）',
  '实付金额（元）',
  '支付方式',
  '支付时间',
  '收货人',
  '联系电话',
  '收货地址',
  '物流公司',
  '物流单号',
  '发货时间',
  '买家备注',
  '运营备注',
] as const;

const yuan = (fen: number) => (fen / 100).toFixed(2);

const shanghai = (d: Date | null) => {
  if (!d) return '';
  const t = new Date(d.getTime() + 8 * 3600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
};

function row(o: OrderRow, items: OrderItemRow[]): CsvValue[] {
  return [
    asText(o.orderNo),
    shanghai(o.createdAt),
    orderStatusName(o.status),
    items.map((i) => `${i.name}${i.specText ? `（${i.specText}）` : ''} ×${i.quantity}`).join('；'),
    items.reduce((n, i) => n + i.quantity, 0),
    items.reduce((n, i) => n + i.refundedQuantity, 0),
    yuan(o.goodsAmount),
    yuan(o.activityDiscount + o.couponDiscount + o.pointsDiscount),
    yuan(o.freight),
    yuan(o.payableAmount),
    yuan(o.paidAmount),
    o.paymentMethod ? (PAYMENT_METHOD_NAMES[o.paymentMethod] ?? o.paymentMethod) : '',
    shanghai(o.paidAt),
    o.address.receiverName,
    maskMobile(o.address.mobile),
    fullAddress(o.address),
    o.logisticsCompany ?? '',
    asText(o.trackingNo),
    shanghai(o.shippedAt),
    o.remark,
    o.opsRemark,
  ];
}

export function ordersCsv(list: OrderRow[], items: Map<string, OrderItemRow[]>): string {
  return csvDocument(
    HEADER,
    list.map((o) => row(o, items.get(o.id) ?? [])),
  );
}
