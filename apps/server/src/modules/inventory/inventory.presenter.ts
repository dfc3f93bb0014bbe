import { STOCK_LEDGER_KINDS, type StockLedgerKind } from '@mall/shared';
import type { ConsoleSkuStock, ConsoleStockLedgerRow } from '@mall/shared';
import type { LedgerRow, SkuStockRow } from './inventory.repo.ts';
import { specTextOf } from './sku-reader.ts';

const firstImage = (images: unknown) =>
  Array.isArray(images) && typeof images[0] === 'string' ? (images[0] as string) : null;

const ACTOR_NAMES: Record<string, string> = { buyer: '买家', system: '系统', ops: '运营' };

export function presentSkuStock(r: SkuStockRow): ConsoleSkuStock {
  return {
    skuId: r.sku_id,
    goodsId: r.goods_id,
    goodsName: r.goods_name,
    image: firstImage(r.images),
    specText: specTextOf(r.specs),
    price: r.price_fen,
    stock: r.stock,
    onShelf: r.on_shelf,
  };
}

export function presentLedgerRow(r: LedgerRow): ConsoleStockLedgerRow {
  return {
    id: r.id,
    skuId: r.sku_id,
    goodsId: r.goods_id,
    goodsName: r.goods_name,
    specText: r.specs ? specTextOf(r.specs) : null,
    change: r.change,
    stockAfter: r.stock_after,
    kind: r.kind as StockLedgerKind,
    kindText: STOCK_LEDGER_KINDS[r.kind as StockLedgerKind] ?? r.kind,
    refNo: r.ref_no,
    actor: r.actor,
    operator: r.operator_name ?? ACTOR_NAMES[r.actor] ?? r.actor,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
