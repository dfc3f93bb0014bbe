/**
 * Why a SKU's stock changed (库存流水). Every change the inventory module makes writes one ledger row
 * of one of these kinds, in the same transaction as the change.
 */
export const STOCK_LEDGER_KINDS = {
  sale: '下单扣减',
  cancel: '取消返还',
  refund: '退款返还',
  return: '退货入库',
  adjustment: '人工调整',
  activity_reserve: '活动锁定',
  activity_release: '活动返还',
} as const;

export type StockLedgerKind = keyof typeof STOCK_LEDGER_KINDS;
export const STOCK_LEDGER_KIND_LIST = Object.keys(STOCK_LEDGER_KINDS) as StockLedgerKind[];

/** The 低库存 list's default: SKUs with this many units or fewer. */
export const LOW_STOCK_DEFAULT_THRESHOLD = 10;
/** One adjustment moves at most this many units either way; stock never exceeds STOCK_MAX. */
export const STOCK_ADJUST_MAX = 1_000_000;
export const STOCK_MAX = 100_000_000;
