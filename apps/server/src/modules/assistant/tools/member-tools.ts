import { z } from 'zod';
import { afterSaleDetailHref, ORDER_STATES, ORDER_STATUSES, type OrderStatus } from '@mall/shared';
import * as aftersale from '../../aftersale/aftersale.service.ts';
import { listOrders, orderDetail } from '../../orders/orders.service.ts';
import { balance } from '../../points/points.service.ts';
import type { AfterSaleCardItem, OrderCardItem } from '../cards.ts';
import { defineTool, limitArg, okResult } from './tool.ts';

/**
 * The signed-in member's own orders, after-sales and points: always the member of the turn, so no
 * argument can point at another member. Addresses and names stay out of the results.
 */

export const myOrdersTool = defineTool({
  name: 'my_orders',
  description: '我的订单（最新在前，含物流）。The member’s latest orders with status and logistics.',
  kind: 'read',
  parameters: z.object({
    status: z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]]).optional().catch(undefined),
    limit: limitArg(5, 3),
  }),
  async run(ctx, member, args) {
    const page = await listOrders(ctx, member.memberId, { status: args.status, pageNum: 1, pageSize: args.limit ?? 3 });
    const orders: OrderCardItem[] = await Promise.all(
      page.list.map(async (o) => {
        const shipped = o.status === 'PENDING_RECEIPT' || o.status === 'COMPLETED';
        const shipment = shipped ? (await orderDetail(ctx, member.memberId, o.orderNo)).shipments.at(-1) : undefined;
        return {
          orderNo: o.orderNo,
          status: o.status,
          statusName: ORDER_STATES[o.status].name,
          payAmountFen: o.payableAmount,
          createdAt: o.createdAt,
          items: o.items.map((i) => ({ name: i.name, image: i.image ?? '', quantity: i.quantity })),
          ...(shipment ? { logistics: { company: shipment.company, trackingNo: shipment.trackingNo } } : {}),
        };
      }),
    );
    const filtered = args.status ? `${ORDER_STATES[args.status].name}的` : '';
    return okResult(
      { total: page.total, orders },
      orders.length ? `找到 ${page.total} 个${filtered}订单` : `没有${filtered}订单`,
      orders.length ? [{ kind: 'order', orders }] : [],
    );
  },
});

export const myAfterSalesTool = defineTool({
  name: 'my_aftersales',
  description: '我的售后（退款、退货）。The member’s latest after-sale requests and their status.',
  kind: 'read',
  parameters: z.object({ limit: limitArg(5, 3) }),
  async run(ctx, member, args) {
    const page = await aftersale.page(ctx, member.memberId, { pageNum: 1, pageSize: args.limit ?? 3, status: 'ALL' });
    const list: AfterSaleCardItem[] = page.list.map((a) => ({
      id: a.id,
      href: afterSaleDetailHref(a.id),
      afterSaleNo: a.afterSaleNo,
      orderNo: a.orderNo,
      statusName: a.statusText,
      refundAmountFen: a.refundAmount,
      createdAt: a.createdAt,
    }));
    const goods = page.list.map((a) => ({ afterSaleNo: a.afterSaleNo, goodsName: a.goods.name, typeText: a.typeText }));
    return okResult(
      { total: page.total, list, goods },
      list.length ? `找到 ${page.total} 个售后申请` : '没有售后申请',
      list.length ? [{ kind: 'aftersale', list }] : [],
    );
  },
});

export const pointsBalanceTool = defineTool({
  name: 'points_balance',
  description: '我的积分余额与即将过期的积分。The member’s points balance and points expiring soon.',
  kind: 'read',
  parameters: z.object({}).catch({}),
  async run(ctx, member) {
    const b = await balance(ctx, member.memberId);
    const expiringSoon = b.expiringSoon.points;
    const data = { balance: b.balance, expiringSoon, expiresAt: b.expiringSoon.expiresAt, signedToday: b.signedToday };
    return okResult(data, `积分余额 ${b.balance}`, [{ kind: 'points', balance: b.balance, ...(expiringSoon > 0 ? { expiringSoon } : {}) }]);
  },
});
