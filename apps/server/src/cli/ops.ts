/**
 * Operator CLI: `npm run ops -- <command> ...` calls the running server's /ops API.
 * OPS_URL (default http://localhost:3000) and OPS_TOKEN (default: the demo's DATA_DIR/ops-token).
 *   ship <orderNo> <company> <trackingNo>   mark a paid order shipped
 *   orders [status] [keyword]               list orders (status: ALL, PENDING_SHIPMENT, ...)
 *   order <orderNo>                         one order with its timeline
 *   member-disable <username|mobile>         disable a member and sign all their sessions out
 *   member-enable <username|mobile>          re-enable a member
 *   goods-off <goodsId> / goods-on <goodsId>  take a goods off shelf / put it back
 *   operator-create <username> <role> [name] a console operator; prints a one-time password
 * After-sale commands come from cli/ops-aftersale.ts. Add --json for raw data.
 *   backup <file> / restore <file> [--force]  work on this machine's shop directly (cli/ops-backup.ts)
 */
import { formatFen, OPS_BUILTIN_ROLES, ORDER_STATUSES } from '@mall/shared';
import { findOpsToken, opsClient, OpsError, type OpsClient, type OpsCommand } from './ops-client.ts';
import { commands as afterSaleCommands } from './ops-aftersale.ts';
import { localCommands } from './ops-backup.ts';

interface OpsOrder {
  orderNo: string;
  statusText: string;
  createdAt: string;
  payableAmount: number;
  paidAmount: number;
  address: { receiverName: string; mobile: string; fullAddress: string };
  logistics: { company: string; trackingNo: string } | null;
  items: { name: string; specText: string; quantity: number }[];
  timeline?: { type: string; actor: string; note: string | null; at: string }[];
}

const shanghai = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

function orderText(o: OpsOrder): string {
  const lines = [
    `${o.orderNo}  ${o.statusText}  应付 ${formatFen(o.payableAmount)}  已付 ${formatFen(o.paidAmount)}  ${shanghai(o.createdAt)}`,
    `  收货：${o.address.receiverName} ${o.address.mobile} ${o.address.fullAddress}`,
    ...o.items.map((i) => `  · ${i.name}${i.specText ? `（${i.specText}）` : ''} ×${i.quantity}`),
  ];
  if (o.logistics) lines.push(`  物流：${o.logistics.company} ${o.logistics.trackingNo}`);
  for (const e of o.timeline ?? []) lines.push(`  ${shanghai(e.at)}  ${e.type}（${e.actor}）${e.note ?? ''}`);
  return lines.join('\n');
}

async function setShelf(client: OpsClient, goodsId: string | undefined, onShelf: boolean) {
  if (!goodsId) throw new OpsError(`用法：${onShelf ? 'goods-on' : 'goods-off'} <goodsId>`);
  const result = await client.post('/ops/goods/shelf', { goodsId, onShelf });
  client.print(result, () => `商品 ${goodsId} ${onShelf ? '已上架' : '已下架'}`);
}

const commands: Record<string, OpsCommand> = {
  'operator-create': {
    usage: 'operator-create <username> <role> [name]',
    summary: `新建管理后台运营账号并显示一次性密码（role: ${Object.keys(OPS_BUILTIN_ROLES).join(' | ')} 或自建角色）`,
    async run(client, [username, roleKey, displayName]) {
      if (!username || !roleKey) throw new OpsError('用法：operator-create <username> <role> [name]');
      const made = await client.post<{ operator: { username: string; role: { name: string } }; oneTimePassword: string }>(
        '/ops/operator/create',
        { username, roleKey, displayName: displayName ?? username },
      );
      client.print(made, () =>
        [
          `已创建运营账号 ${made.operator.username}（${made.operator.role.name}）`,
          `一次性密码：${made.oneTimePassword}`,
          '请当面或通过安全渠道告知本人；首次登录管理后台时须修改密码。此密码不会再次显示。',
        ].join('\n'),
      );
    },
  },
  ship: {
    usage: 'ship <orderNo> <company> <trackingNo>',
    summary: '订单发货（待发货 → 待收货）',
    async run(client, [orderNo, company, trackingNo]) {
      if (!orderNo || !company || !trackingNo) throw new OpsError('用法：ship <orderNo> <company> <trackingNo>');
      const order = await client.post<OpsOrder>('/ops/order/ship', { orderNo, company, trackingNo });
      client.print(order, () => `已发货\n${orderText(order)}`);
    },
  },
  orders: {
    usage: 'orders [status] [keyword]',
    summary: `订单列表（status: ${['ALL', ...ORDER_STATUSES].join(' | ')}）`,
    async run(client, [status, keyword]) {
      const page = await client.get<{ list: OpsOrder[]; total: number }>('/ops/order/list', {
        status: status?.toUpperCase(),
        keyword,
        pageSize: 50,
      });
      client.print(page, () =>
        [
          `共 ${page.total} 个订单${page.total > page.list.length ? `（显示最新 ${page.list.length} 个）` : ''}`,
          ...page.list.map(orderText),
        ].join('\n'),
      );
    },
  },
  'member-disable': {
    usage: 'member-disable <username|mobile>',
    summary: '禁用会员（其所有登录立即失效）',
    async run(client, [login]) {
      if (!login) throw new OpsError('用法：member-disable <username|mobile>');
      const member = await client.post('/ops/member/disable', { login });
      client.print(member, () => `已禁用 ${login}，其所有登录已失效`);
    },
  },
  'member-enable': {
    usage: 'member-enable <username|mobile>',
    summary: '恢复被禁用的会员',
    async run(client, [login]) {
      if (!login) throw new OpsError('用法：member-enable <username|mobile>');
      const member = await client.post('/ops/member/enable', { login });
      client.print(member, () => `已恢复 ${login}`);
    },
  },
  'goods-off': {
    usage: 'goods-off <goodsId>',
    summary: '商品下架',
    run: (client, [goodsId]) => setShelf(client, goodsId, false),
  },
  'goods-on': {
    usage: 'goods-on <goodsId>',
    summary: '商品上架',
    run: (client, [goodsId]) => setShelf(client, goodsId, true),
  },
  order: {
    usage: 'order <orderNo>',
    summary: '订单详情与时间线',
    async run(client, [orderNo]) {
      if (!orderNo) throw new OpsError('用法：order <orderNo>');
      const order = await client.get<OpsOrder>('/ops/order/detail', { orderNo });
      client.print(order, () => orderText(order));
    },
  },
};

function help(all: Record<string, Pick<OpsCommand, 'usage' | 'summary'>>) {
  return [
    '用法：npm run ops -- <命令> [参数] [--json]',
    '环境变量：OPS_URL（默认 http://localhost:3000），OPS_TOKEN（默认读取 DATA_DIR/ops-token）',
    '',
    ...Object.values(all).map((c) => `  ${c.usage.padEnd(42)} ${c.summary}`),
  ].join('\n');
}

async function main(argv: string[]) {
  const json = argv.includes('--json');
  const force = argv.includes('--force');
  const [name, ...args] = argv.filter((a) => a !== '--json' && a !== '--force');
  const all = { ...commands, ...afterSaleCommands };
  const local = name ? localCommands[name] : undefined;
  if (local) {
    await local.run(args, { force });
    return 0;
  }
  const command = name ? all[name] : undefined;
  if (!command) {
    console.log(help({ ...all, ...localCommands }));
    return name && name !== 'help' ? 2 : 0;
  }
  const token = findOpsToken();
  if (!token) throw new OpsError('没有运营令牌：请设置 OPS_TOKEN（演示环境下商城启动后会写入 DATA_DIR/ops-token）');
  await command.run(opsClient({ baseUrl: process.env.OPS_URL ?? 'http://localhost:3000', token, json }), args);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof OpsError ? `失败：${err.message}` : err);
    process.exit(1);
  },
);
