/**
 * After-sale commands of the operator CLI (`npm run ops -- <command>`), loaded by cli/ops.ts:
 *   aftersales [status]                    list requests (status: ALL, PENDING_REVIEW, REFUNDING, ...)
 *   aftersale <afterSaleNo>                one request with its timeline
 *   aftersale-approve <afterSaleNo>        approve (仅退款 → 退款中; 退货退款 → 待买家退货)
 *   aftersale-reject <afterSaleNo> <reason>
 *   aftersale-receive <afterSaleNo>        returned goods arrived (stock comes back) → 退款中
 *   aftersale-refund <afterSaleNo>         refund through the payment provider → 已完成
 *   payments-refund-required               money received for orders that could not take it
 */
import { AFTERSALE_STATUSES, formatFen } from '@mall/shared';
import { OpsError, type OpsClient, type OpsCommand } from './ops-client.ts';

interface OpsAfterSale {
  afterSaleNo: string;
  orderNo: string;
  typeText: string;
  statusText: string;
  reason: string;
  description: string;
  quantity: number;
  refundAmount: number;
  rejectReason: string | null;
  returnLogistics: { company: string; trackingNo: string } | null;
  goods: { name: string; specText: string };
  createdAt: string;
  timeline?: { title: string; actor: string; note: string | null; at: string }[];
  refund?: { refundNo: string; status: string } | null;
}

const shanghai = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

function text(a: OpsAfterSale): string {
  const lines = [
    `${a.afterSaleNo}  ${a.statusText}  ${a.typeText}  退款 ${formatFen(a.refundAmount)}  订单 ${a.orderNo}  ${shanghai(a.createdAt)}`,
    `  · ${a.goods.name}${a.goods.specText ? `（${a.goods.specText}）` : ''} ×${a.quantity}  原因：${a.reason}${a.description ? `，${a.description}` : ''}`,
  ];
  if (a.returnLogistics) lines.push(`  退货物流：${a.returnLogistics.company} ${a.returnLogistics.trackingNo}`);
  if (a.rejectReason) lines.push(`  拒绝原因：${a.rejectReason}`);
  if (a.refund) lines.push(`  退款单：${a.refund.refundNo} ${a.refund.status}`);
  for (const e of a.timeline ?? []) lines.push(`  ${shanghai(e.at)}  ${e.title}（${e.actor}）${e.note ?? ''}`);
  return lines.join('\n');
}

function action(name: string, path: string, summary: string, done: string): OpsCommand {
  return {
    usage: `${name} <afterSaleNo>`,
    summary,
    async run(client: OpsClient, [afterSaleNo]) {
      if (!afterSaleNo) throw new OpsError(`用法：${name} <afterSaleNo>`);
      const a = await client.post<OpsAfterSale>(path, { afterSaleNo });
      client.print(a, () => `${done}\n${text(a)}`);
    },
  };
}

export const commands: Record<string, OpsCommand> = {
  aftersales: {
    usage: 'aftersales [status]',
    summary: `售后单列表（status: ${['ALL', ...AFTERSALE_STATUSES].join(' | ')}）`,
    async run(client, [status]) {
      const page = await client.get<{ list: OpsAfterSale[]; total: number }>('/ops/afterSale/page', {
        status: status?.toUpperCase(),
        pageSize: 50,
      });
      client.print(page, () => [`共 ${page.total} 个售后单`, ...page.list.map(text)].join('\n'));
    },
  },
  aftersale: {
    usage: 'aftersale <afterSaleNo>',
    summary: '售后单详情与时间线',
    async run(client, [afterSaleNo]) {
      if (!afterSaleNo) throw new OpsError('用法：aftersale <afterSaleNo>');
      const a = await client.get<OpsAfterSale>('/ops/afterSale/detail', { afterSaleNo });
      client.print(a, () => text(a));
    },
  },
  'aftersale-approve': action('aftersale-approve', '/ops/afterSale/approve', '同意售后申请', '已同意'),
  'aftersale-reject': {
    usage: 'aftersale-reject <afterSaleNo> <reason>',
    summary: '拒绝售后申请（须写明原因）',
    async run(client, [afterSaleNo, ...reason]) {
      if (!afterSaleNo || !reason.length) throw new OpsError('用法：aftersale-reject <afterSaleNo> <reason>');
      const a = await client.post<OpsAfterSale>('/ops/afterSale/reject', { afterSaleNo, reason: reason.join(' ') });
      client.print(a, () => `已拒绝\n${text(a)}`);
    },
  },
  'aftersale-receive': action('aftersale-receive', '/ops/afterSale/receive', '确认收到退货（库存退回）', '已确认收货'),
  'aftersale-refund': action('aftersale-refund', '/ops/afterSale/refund', '原路退款（经支付渠道）', '退款成功'),
  'payments-refund-required': {
    usage: 'payments-refund-required',
    summary: '已收款但订单无法接受的支付（已取消或重复支付），待人工退款',
    async run(client) {
      const list = await client.get<
        { orderNo: string; provider: string; amount: number; tradeNo: string; note: string; createdAt: string }[]
      >('/ops/afterSale/refundRequiredPayments');
      client.print(list, () =>
        list.length
          ? list
              .map(
                (p) =>
                  `${p.orderNo}  ${p.provider} ${p.tradeNo}  ${formatFen(p.amount)}  ${p.note}  ${shanghai(p.createdAt)}`,
              )
              .join('\n')
          : '没有待退款的支付',
      );
    },
  },
};
