import crypto from 'node:crypto';
import {
  AFTERSALE_ORDER_STATUSES,
  AFTERSALE_STATES,
  AFTERSALE_TYPES,
  Code,
  isAfterSaleStatus,
  orderStatusName,
  afterSaleStatusName,
  AFTERSALE_STATUSES,
  type AfterSaleAction,
  type AfterSaleStatus,
  type AfterSaleType,
  type ConsoleAfterSaleBrief,
  type ConsoleAfterSalePage,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newBusinessNo } from '../../lib/ids.ts';
import { restoreStock } from '../inventory/inventory.service.ts';
import {
  afterSaleWindow,
  closeAfterSale,
  findOrderItemForAfterSale,
  openAfterSale,
  type OrderItemForAfterSale,
} from '../orders/orders.service.ts';
import { refundOfAfterSale } from '../payments/payments.service.ts';
import { nextAfterSaleStatus } from './aftersale-states.ts';
import { AFTERSALE_REASONS } from './aftersale.schema.ts';
import { presentAfterSale, presentDetail } from './aftersale.presenter.ts';
import * as repo from './aftersale.repo.ts';
import { refundAmountFor, remainingQuantity } from './refund-amount.ts';
import { evidenceLinkValid, IMAGE_NAME, imageUrl, storedEvidence, MAX_IMAGE_BYTES, sniffImage, storeImage } from './uploads.ts';

const newAfterSaleNo = () => newBusinessNo('AS');
const isOpen = (status: string) => isAfterSaleStatus(status) && AFTERSALE_STATES[status].open;

async function ownItem(ctx: AppContext, memberId: string, orderItemId: string) {
  const item = await findOrderItemForAfterSale(ctx.db, memberId, orderItemId);
  if (!item) throw notFound('订单商品不存在');
  return item;
}

/** Paid and not yet past the window: the order statuses that take after-sales, completed ones within `afterSaleDays`. */
async function checkWindow(ctx: AppContext, item: OrderItemForAfterSale): Promise<Date | null> {
  if (!(AFTERSALE_ORDER_STATUSES as readonly string[]).includes(item.orderStatus)) {
    throw new AppError(Code.ORDER_STATE, `订单${orderStatusName(item.orderStatus)}，不能申请售后`);
  }
  if (!item.completedAt) return null;
  const window = await afterSaleWindow(ctx);
  if (!window.isOpen(item.completedAt)) {
    throw new AppError(
      Code.AFTERSALE_STATE,
      window.days === 0 ? '订单已完成，不再受理售后申请' : `已超过售后期限（确认收货后 ${window.days} 天内可申请）`,
    );
  }
  return window.endsAt(item.completedAt);
}

/** What the apply form needs: the line, how many units and how much money are still refundable. */
export async function applyInfo(ctx: AppContext, memberId: string, orderItemId: string) {
  const item = await ownItem(ctx, memberId, orderItemId);
  const endsAt = await checkWindow(ctx, item);
  const held = await repo.heldForItem(ctx.db, item.id);
  const basis = {
    paidShare: item.paidShare,
    quantity: item.quantity,
    heldQuantity: held.quantity,
    heldAmount: held.amount,
  };
  const maxQuantity = remainingQuantity(basis);
  return {
    orderNo: item.orderNo,
    goods: {
      name: item.name,
      image: item.image,
      specText: item.specText,
      unitPrice: item.unitPrice,
      boughtQuantity: item.quantity,
    },
    paidShare: item.paidShare,
    maxQuantity,
    maxRefund: maxQuantity ? refundAmountFor(basis, maxQuantity) : 0,
    types: Object.entries(AFTERSALE_TYPES)
      .filter(([t]) => t === 'REFUND_ONLY' || item.orderStatus !== 'PENDING_SHIPMENT')
      .map(([value, label]) => ({ value, label })),
    reasons: AFTERSALE_REASONS,
    windowEndsAt: endsAt?.toISOString() ?? null,
  };
}

export interface ApplyInput {
  orderItemId: string;
  type: AfterSaleType;
  reason: string;
  description: string;
  quantity: number;
  images: string[];
}

export async function apply(ctx: AppContext, memberId: string, input: ApplyInput) {
  const item = await ownItem(ctx, memberId, input.orderItemId);
  await checkWindow(ctx, item);
  if (input.type === 'RETURN_REFUND' && item.orderStatus === 'PENDING_SHIPMENT') {
    throw new AppError(Code.AFTERSALE_STATE, '商品尚未发货，请选择仅退款');
  }
  if (input.quantity > item.quantity)
    throw new AppError(Code.REFUND_EXCEEDS, `申请数量不能超过购买数量 ${item.quantity} 件`);
  const created = await ctx.db.transaction(async (tx) => {
    // The orders module marks the line: its row update makes concurrent requests for the line take
    // turns, so the share left is read and taken by one at a time.
    const id = crypto.randomUUID();
    if (!(await openAfterSale(tx, { itemId: item.id, memberId, afterSaleId: id }))) {
      throw new AppError(Code.ORDER_STATE, '订单状态已变化，请刷新后重试');
    }
    const held = await repo.heldForItem(tx, item.id);
    const basis = {
      paidShare: item.paidShare,
      quantity: item.quantity,
      heldQuantity: held.quantity,
      heldAmount: held.amount,
    };
    const left = remainingQuantity(basis);
    if (left === 0) throw new AppError(Code.REFUND_EXCEEDS, '该商品已全部申请售后，请勿重复申请');
    if (input.quantity > left) throw new AppError(Code.REFUND_EXCEEDS, `该商品最多还可申请 ${left} 件`);
    const row = await repo.insertAfterSale(tx, {
      id,
      afterSaleNo: newAfterSaleNo(),
      memberId,
      orderId: item.orderId,
      orderItemId: item.id,
      orderNo: item.orderNo,
      skuId: item.skuId,
      goodsName: item.name,
      goodsImage: item.image,
      specText: item.specText,
      unitPrice: item.unitPrice,
      boughtQuantity: item.quantity,
      type: input.type,
      status: 'PENDING_REVIEW',
      reason: input.reason,
      description: input.description,
      quantity: input.quantity,
      refundAmount: refundAmountFor(basis, input.quantity),
    });
    if (!(await repo.attachImages(tx, memberId, row.id, input.images))) {
      throw new AppError(Code.UPLOAD_INVALID, '图片不存在或已被使用，请重新上传');
    }
    await repo.addEvent(tx, {
      afterSaleId: row.id,
      action: 'apply',
      toStatus: 'PENDING_REVIEW',
      actor: 'buyer',
      note: `${input.reason}，申请退款 ${input.quantity} 件`,
    });
    return row;
  });
  return detailOf(ctx, created);
}

/** Signed links to evidence: only answers to the request's owner and to operators reach here. */
const evidenceLinks = (ctx: AppContext, names: string[]) => names.map((n) => imageUrl(ctx.secrets, n));

async function detailOf(ctx: AppContext, row: repo.AfterSaleRow) {
  const [images, events, refund] = await Promise.all([
    repo.imagesOf(ctx.db, row.id),
    repo.eventsOf(ctx.db, row.id),
    refundOfAfterSale(ctx.db, row.id),
  ]);
  return presentDetail(row, evidenceLinks(ctx, images), events, refund);
}

async function ownRequest(ctx: AppContext, memberId: string, id: string) {
  const row = await repo.findById(ctx.db, id);
  // Another member's request answers exactly like a missing one.
  if (!row || row.memberId !== memberId) throw notFound('售后单不存在');
  return row;
}

export async function detail(ctx: AppContext, memberId: string, id: string) {
  return detailOf(ctx, await ownRequest(ctx, memberId, id));
}

export async function page(
  ctx: AppContext,
  memberId: string | undefined,
  q: { pageNum: number; pageSize: number; status: string },
) {
  const { list, total } = await repo.page(ctx.db, { memberId, status: q.status }, q.pageNum, q.pageSize);
  const images = await repo.imagesOfMany(
    ctx.db,
    list.map((r) => r.id),
  );
  return {
    list: list.map((r) => presentAfterSale(r, evidenceLinks(ctx, images.get(r.id) ?? []))),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/**
 * Applies one transition of the table in aftersale-states.ts with a conditional update, so two
 * racing actions on one request cannot both succeed. `extra` runs in the same transaction.
 */
async function transition(
  ctx: AppContext,
  row: repo.AfterSaleRow,
  action: AfterSaleAction,
  actor: 'buyer' | 'operator',
  opts: {
    note?: string;
    set?: Parameters<typeof repo.updateStatus>[4];
    extra?: (tx: DbOrTx, row: repo.AfterSaleRow) => Promise<void>;
  } = {},
) {
  const to = nextAfterSaleStatus(action, row.status, row.type as AfterSaleType);
  const updated = await ctx.db.transaction(async (tx) => {
    const changed = await repo.updateStatus(tx, row.id, row.status, to, opts.set);
    if (!changed) throw new AppError(Code.AFTERSALE_STATE, '售后单状态已变化，请刷新后重试');
    if (isOpen(row.status) && !isOpen(to)) await closeAfterSale(tx, row.orderItemId);
    await opts.extra?.(tx, changed);
    await repo.addEvent(tx, {
      afterSaleId: row.id,
      action,
      fromStatus: row.status,
      toStatus: to,
      actor,
      note: opts.note ?? null,
    });
    return changed;
  });
  return detailOf(ctx, updated);
}

export async function withdraw(ctx: AppContext, memberId: string, id: string) {
  return transition(ctx, await ownRequest(ctx, memberId, id), 'withdraw', 'buyer');
}

export async function submitReturn(
  ctx: AppContext,
  memberId: string,
  input: { id: string; company: string; trackingNo: string },
) {
  const row = await ownRequest(ctx, memberId, input.id);
  return transition(ctx, row, 'submitReturn', 'buyer', {
    note: `${input.company} ${input.trackingNo}`,
    set: { returnCompany: input.company, returnTrackingNo: input.trackingNo },
  });
}

/* ---- Operator actions (ops API). ---- */

async function byNo(ctx: AppContext, afterSaleNo: string) {
  const row = await repo.findByNo(ctx.db, afterSaleNo);
  if (!row) throw notFound('售后单不存在');
  return row;
}

export async function opsDetail(ctx: AppContext, afterSaleNo: string) {
  const row = await byNo(ctx, afterSaleNo);
  return { ...(await detailOf(ctx, row)), memberId: row.memberId };
}

export async function approve(ctx: AppContext, afterSaleNo: string) {
  return transition(ctx, await byNo(ctx, afterSaleNo), 'approve', 'operator');
}

export async function reject(ctx: AppContext, afterSaleNo: string, reason: string) {
  return transition(ctx, await byNo(ctx, afterSaleNo), 'reject', 'operator', {
    note: reason,
    set: { rejectReason: reason },
  });
}

/**
 * Returned goods arrived: their stock comes back in the same transaction as the transition, in the
 * stock ledger as a return under the after-sale's number and the operator who received them.
 */
export async function receive(ctx: AppContext, afterSaleNo: string, by?: { id: string | null; name: string }) {
  return transition(ctx, await byNo(ctx, afterSaleNo), 'receive', 'operator', {
    extra: (tx, row) =>
      restoreStock(tx, row.skuId, row.quantity, {
        kind: 'return',
        refNo: row.afterSaleNo,
        actor: 'ops',
        operator: by ?? null,
        reason: '退货入库',
      }),
  });
}

/** For the refund flow: the request, which must be 退款中. */
export async function forRefund(ctx: AppContext, afterSaleNo: string) {
  const row = await byNo(ctx, afterSaleNo);
  nextAfterSaleStatus('refund', row.status, row.type as AfterSaleType);
  return row;
}

/**
 * For the refund flow, inside its transaction: 退款中 → 已完成, once; the line's after-sale is no longer
 * open. A call that finds it already completed (a concurrent duplicate) is refused with its state.
 */
export async function completeRefund(tx: DbOrTx, row: repo.AfterSaleRow, note: string): Promise<void> {
  const to = nextAfterSaleStatus('refund', 'REFUNDING', row.type as AfterSaleType);
  const changed = await repo.updateStatus(tx, row.id, 'REFUNDING', to);
  if (!changed) {
    const now = await repo.findById(tx, row.id);
    throw new AppError(Code.AFTERSALE_STATE, `售后单${afterSaleStatusName(now?.status ?? to)}，不能进行此操作`);
  }
  await closeAfterSale(tx, row.orderItemId);
  await repo.addEvent(tx, {
    afterSaleId: row.id,
    action: 'refund',
    fromStatus: 'REFUNDING',
    toStatus: to,
    actor: 'operator',
    note,
  });
}

export async function detailById(ctx: AppContext, id: string) {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw notFound('售后单不存在');
  return detailOf(ctx, row);
}

/** An evidence image: type by magic bytes, stored under a server-made name, owned by the member. */
export async function uploadImage(ctx: AppContext, memberId: string, bytes: Buffer) {
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError(Code.UPLOAD_INVALID, '只能上传 JPG、PNG 或 WebP 图片');
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError(Code.UPLOAD_INVALID, '图片不能超过 5MB');
  if ((await repo.unattachedCount(ctx.db, memberId)) >= 60) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '上传的图片过多，请先提交售后申请');
  }
  const name = await storeImage(ctx.config, bytes, kind.ext);
  await repo.insertImage(ctx.db, { name, memberId, mime: kind.mime, size: bytes.length });
  return { name, url: imageUrl(ctx.secrets, name) };
}

/** An evidence image behind a valid link (see uploads.ts); any other request is refused before storage is asked. */
export async function imageFile(ctx: AppContext, name: string, link: { exp?: unknown; sig?: unknown }) {
  const { exp, sig } = link;
  if (typeof exp !== 'string' || typeof sig !== 'string' || exp.length > 20 || sig.length > 128 || !evidenceLinkValid(ctx.secrets, name, exp, sig)) {
    throw new AppError(Code.FORBIDDEN, '链接已失效，请刷新页面后重试');
  }
  if (!IMAGE_NAME.test(name) || !(await repo.imageExists(ctx.db, name))) throw notFound('图片不存在');
  const found = await storedEvidence(ctx.config, name);
  if (!found) throw notFound('图片不存在');
  return found;
}

/* ---- The console's review queue (ops API) ---- */

/** Statuses the shop works through oldest first: those waiting for it (待审核, 待商家收货, 退款中). */
const SHOP_QUEUE: readonly string[] = ['PENDING_REVIEW', 'PENDING_MERCHANT_RECEIPT', 'REFUNDING'];

export async function opsQueue(
  ctx: AppContext,
  q: { status: string; keyword?: string; pageNum: number; pageSize: number },
): Promise<ConsoleAfterSalePage> {
  const status = q.status === 'ALL' ? undefined : q.status;
  const keyword = q.keyword || undefined;
  const [{ list, total }, found] = await Promise.all([
    repo.opsPage(ctx.db, { status, keyword, oldestFirst: SHOP_QUEUE.includes(q.status) }, q.pageNum, q.pageSize),
    repo.countByStatus(ctx.db, keyword),
  ]);
  const images = await repo.imagesOfMany(
    ctx.db,
    list.map((r) => r.id),
  );
  const counts = Object.fromEntries([['ALL', 0], ...AFTERSALE_STATUSES.map((s) => [s, 0])]) as ConsoleAfterSalePage['counts'];
  for (const r of found) {
    if (isAfterSaleStatus(r.status)) counts[r.status] = r.n;
    counts.ALL += r.n;
  }
  return {
    list: list.map((r) => ({ ...presentAfterSale(r, evidenceLinks(ctx, images.get(r.id) ?? [])), memberId: r.memberId })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    counts,
  };
}

/** An order's requests, briefly (the console's order detail). */
export async function briefsOfOrder(db: DbOrTx, orderId: string): Promise<ConsoleAfterSaleBrief[]> {
  return (await repo.ofOrder(db, orderId)).map((r) => ({
    id: r.id,
    afterSaleNo: r.afterSaleNo,
    orderItemId: r.orderItemId,
    goodsName: r.goodsName,
    type: r.type as AfterSaleType,
    typeText: AFTERSALE_TYPES[r.type as AfterSaleType] ?? r.type,
    status: r.status as AfterSaleStatus,
    statusText: afterSaleStatusName(r.status),
    quantity: r.quantity,
    refundAmount: r.refundAmount,
    createdAt: r.createdAt.toISOString(),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What another module may read of the requests on some order lines (the distributor's 售后 screen). */
export interface ItemAfterSale {
  afterSaleNo: string;
  orderNo: string;
  orderItemId: string;
  buyerId: string;
  goodsName: string;
  specText: string;
  image: string | null;
  status: AfterSaleStatus;
  statusText: string;
  /** Still being handled (审核中, 待退货, 退款中…). */
  open: boolean;
  refundFen: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The requests on these order lines, newest first (a page, or all of them): read only, for the
 * distribution module's 售后 screen, which shows each with what it did to the commission.
 */
export async function afterSalesOfItems(
  db: DbOrTx,
  orderItemIds: string[],
  page?: { pageNum: number; pageSize: number },
): Promise<{ list: ItemAfterSale[]; total: number }> {
  const ids = [...new Set(orderItemIds)].filter((id) => UUID.test(id));
  const { list, total } = await repo.ofItems(db, ids, page);
  return {
    total,
    list: list.map((r) => ({
      afterSaleNo: r.afterSaleNo,
      orderNo: r.orderNo,
      orderItemId: r.orderItemId,
      buyerId: r.memberId,
      goodsName: r.goodsName,
      specText: r.specText,
      image: r.goodsImage,
      status: r.status as AfterSaleStatus,
      statusText: afterSaleStatusName(r.status),
      open: isOpen(r.status),
      refundFen: r.refundAmount,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    })),
  };
}
