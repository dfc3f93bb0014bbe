import type { FastifyInstance } from 'fastify';
import { ok, orderStatusName, PAYMENT_METHOD_NAMES } from '@mall/shared';
import { consoleOrderDetail } from './ops-trade-views.ts';
import { parse } from '../lib/validation.ts';
import { diff } from '../modules/operators/index.ts';
import * as orders from '../modules/orders/orders.service.ts';
import {
  opsExportQuery,
  opsOrderQuery,
  opsRemarkBody,
  opsShipBody,
  orderNoBody,
  type OpsOrderFilter,
} from '../modules/orders/index.ts';
import { audit, operatorOf } from '../modules/operators/index.ts';
import { opsToken } from '../modules/operators/index.ts';

/** The filter in words, for the audit log of an export. */
function filterText(q: OpsOrderFilter): string {
  const parts = [
    q.status && q.status !== 'ALL' ? `状态：${orderStatusName(q.status)}` : '',
    q.keyword ? `关键词：${q.keyword}` : '',
    q.dateFrom || q.dateTo ? `日期：${q.dateFrom ?? '不限'} 至 ${q.dateTo ?? '不限'}` : '',
    q.paymentMethod ? `支付方式：${PAYMENT_METHOD_NAMES[q.paymentMethod] ?? q.paymentMethod}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('，') : '全部订单';
}

const stamp = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** Operator order endpoints: list with counts per status, detail, ship, remark and CSV export. */
export async function opsOrderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  opsToken(ctx.config); // made (and written to DATA_DIR) at start-up, so `npm run ops` finds it at once

  app.get('/ops/order/list', { config: { permission: 'order:view' } }, async (req) =>
    ok(await orders.opsListOrders(ctx, parse(opsOrderQuery, req.query))),
  );

  app.get('/ops/order/detail', { config: { permission: 'order:view' } }, async (req) => {
    const { orderNo } = parse(orderNoBody, req.query);
    return ok(await consoleOrderDetail(ctx, orderNo));
  });

  app.post('/ops/order/ship', { config: { permission: 'order:ship' } }, async (req) => {
    const body = parse(opsShipBody, req.body);
    const shipped = await orders.shipOrder(ctx, body);
    await audit(req, {
      action: 'order.ship',
      objectType: 'order',
      objectId: body.orderNo,
      changes: diff(
        { status: 'PENDING_SHIPMENT', logisticsCompany: null, trackingNo: null },
        { status: shipped.status, logisticsCompany: body.company, trackingNo: body.trackingNo },
      ),
    });
    return ok(shipped, '已发货');
  });

  app.post('/ops/order/remark', { config: { permission: 'order:remark' } }, async (req) => {
    const body = parse(opsRemarkBody, req.body);
    const who = operatorOf(req);
    const done = await orders.setOpsRemark(ctx, { ...body, by: who.displayName || who.username });
    await audit(req, {
      action: 'order.remark',
      objectType: 'order',
      objectId: body.orderNo,
      changes: diff({ opsRemark: done.before }, { opsRemark: done.after }),
    });
    return ok({ orderNo: body.orderNo, opsRemark: done.after }, body.remark ? '备注已保存' : '备注已清除');
  });

  /** The filtered list as CSV (UTF-8 with BOM, for Excel); refused in Chinese past 10,000 orders. */
  app.get('/ops/order/export', { config: { permission: 'export:data' } }, async (req, reply) => {
    const q = parse(opsExportQuery, req.query);
    const { csv, count } = await orders.exportOrders(ctx, q);
    await audit(req, {
      action: 'order.export',
      objectType: 'order',
      reason: `导出 ${count} 个订单（${filterText(q)}）`,
    });
    const name = `orders-${stamp(new Date())}.csv`;
    const zhName = `订单导出-${stamp(new Date())}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(zhName)}`)
      .header('cache-control', 'no-store')
      .header('x-export-count', String(count))
      .send(csv);
  });
}
