import { Tabs } from 'antd';
import { LOW_STOCK_DEFAULT_THRESHOLD, STOCK_LEDGER_KIND_LIST, type StockLedgerKind } from '@mall/shared';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { useListParams } from '../../../lib/useListParams.ts';
import type { LedgerQuery } from '../api/getLedger.ts';
import type { LowStockQuery } from '../api/getLowStock.ts';
import { LedgerTable } from '../components/LedgerTable.tsx';
import { LowStockTable } from '../components/LowStockTable.tsx';
import styles from '../components/inventory.module.css';

const positive = (v: string | null) =>
  v && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= 2_147_483_647 ? Number(v) : undefined;
const sizeOf = (v: string | null, sizes: number[], fallback: number) =>
  sizes.includes(Number(v)) ? Number(v) : fallback;

/** 库存: 低库存 (with 调整库存) and 库存流水, the state of both in the address. */
export default function InventoryPage() {
  const { params, update: set } = useListParams();
  const tab = params.get('tab') === 'ledger' ? 'ledger' : 'low';
  const threshold = params.get('threshold');
  const low: LowStockQuery = {
    threshold: threshold && /^\d{1,9}$/.test(threshold) ? Number(threshold) : LOW_STOCK_DEFAULT_THRESHOLD,
    keyword: params.get('keyword') || undefined,
    onShelf: params.get('shelf') === 'on' ? true : params.get('shelf') === 'off' ? false : undefined,
    pageNum: positive(params.get('page')) ?? 1,
    pageSize: sizeOf(params.get('size'), [10, 20, 50], 10),
  };
  const kind = params.get('kind');
  const ledger: LedgerQuery = {
    skuId: positive(params.get('sku')),
    goodsId: positive(params.get('goods')),
    kind: (STOCK_LEDGER_KIND_LIST as string[]).includes(kind ?? '') ? (kind as StockLedgerKind) : undefined,
    refNo: params.get('ref') || undefined,
    pageNum: positive(params.get('lpage')) ?? 1,
    pageSize: sizeOf(params.get('lsize'), [20, 50], 20),
  };

  const setLow = (patch: Partial<LowStockQuery>) => {
    const q = { ...low, ...patch };
    set({
      threshold: q.threshold === LOW_STOCK_DEFAULT_THRESHOLD ? undefined : q.threshold,
      keyword: q.keyword,
      shelf: q.onShelf === undefined ? undefined : q.onShelf ? 'on' : 'off',
      page: q.pageNum > 1 ? q.pageNum : undefined,
      size: q.pageSize !== 10 ? q.pageSize : undefined,
    });
  };
  const setLedger = (patch: Partial<LedgerQuery>) => {
    const q = { ...ledger, ...patch };
    set({
      sku: q.skuId,
      goods: q.goodsId,
      kind: q.kind,
      ref: q.refNo,
      lpage: q.pageNum > 1 ? q.pageNum : undefined,
      lsize: q.pageSize !== 20 ? q.pageSize : undefined,
    });
  };

  return (
    <PageContainer subTitle="库存的每一次变化（下单、取消、退款、退货入库、人工调整）都记入库存流水，含变动后库存和操作人。">
      <PageContainer.Section>
        <Tabs
          className={styles.tabs}
          activeKey={tab}
          onChange={(k) => set({ tab: k === 'ledger' ? 'ledger' : undefined })}
          items={[
            { key: 'low', label: '低库存' },
            { key: 'ledger', label: '库存流水' },
          ]}
        />
        {tab === 'low' ? (
          <LowStockTable
            key={JSON.stringify({ t: low.threshold, k: low.keyword })}
            query={low}
            onChange={setLow}
            onShowLedger={(skuId) =>
              set({ tab: 'ledger', sku: skuId, goods: undefined, kind: undefined, ref: undefined, lpage: undefined })
            }
          />
        ) : (
          <LedgerTable
            key={JSON.stringify({ s: ledger.skuId, g: ledger.goodsId, r: ledger.refNo })}
            query={ledger}
            onChange={setLedger}
          />
        )}
      </PageContainer.Section>
    </PageContainer>
  );
}
