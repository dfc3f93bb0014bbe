import { useState } from 'react';
import { Button, Empty, Pagination, Result, Segmented } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type CouponGoodsInfo } from '@mall/shared';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { goodsDetailQuery } from '../api/getGoodsDetail.ts';
import { useSearchGoods } from '../api/searchGoods.ts';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from './GoodsCard.tsx';
import { SortBar } from './SortBar.tsx';
import type { SortKey } from '../types.ts';

/** The named goods of a 限指定商品 coupon are shown at most this many (the server's list, in its order). */
const MAX_NAMED = 50;

/** The goods a whole-shop or category coupon applies to: the shop's search, with sort and paging. */
function SearchedGoods({ categoryId }: { categoryId?: number }) {
  const phone = useIsPhone();
  const [sort, setSort] = useState<SortKey>('comprehensive');
  const [page, setPage] = useState(1);
  const result = useSearchGoods({ keyword: '', categoryId, sort, pageNum: page, pageSize: DEFAULT_PAGE_SIZE });
  const data = result.data;
  return (
    <>
      <SortBar
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage(1);
        }}
        total={phone ? undefined : data?.total}
        capped={data?.totalCapped}
        compact={phone}
      />
      {result.isError ? (
        <Result
          status="warning"
          title="商品加载失败，请稍后重试"
          extra={
            <Button type="primary" onClick={() => void result.refetch()}>
              重试
            </Button>
          }
        />
      ) : data && data.list.length === 0 ? (
        <Empty description="暂无可用商品" style={{ padding: '40px 0' }} />
      ) : (
        <div style={{ opacity: result.isPlaceholderData ? 0.5 : 1 }} data-testid="coupon-goods">
          <GoodsGrid>
            {result.isLoading ? Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
            {data?.list.map((g) => <GoodsCard key={g.id} goods={g} />)}
          </GoodsGrid>
        </div>
      )}
      {data && data.total > DEFAULT_PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'center', display: 'flex' }}
          current={page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={Math.min(data.total, DEFAULT_PAGE_SIZE * 100)}
          showSizeChanger={false}
          size={phone ? 'small' : undefined}
          onChange={(p) => {
            setPage(p);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
    </>
  );
}

/** A 限指定商品 coupon's goods, as the server names them (off-shelf or unknown ones left out). */
function NamedGoods({ ids }: { ids: number[] }) {
  const queries = useQueries({ queries: ids.slice(0, MAX_NAMED).map((id) => ({ ...goodsDetailQuery(id), retry: false })) });
  const loaded = queries.flatMap((q) => (q.data ? [q.data] : []));
  const loading = queries.some((q) => q.isPending);
  if (!loading && loaded.length === 0) return <Empty description="适用商品已下架" style={{ padding: '40px 0' }} />;
  return (
    <div data-testid="coupon-goods">
      <GoodsGrid>
        {loaded.map((g) => (
          <GoodsCard
            key={g.id}
            goods={{ id: g.id, name: g.name, subtitle: g.subtitle, image: g.images[0] ?? null, price: g.price, marketPrice: g.marketPrice, sales: g.sales }}
          />
        ))}
        {loading ? <GoodsCardSkeleton /> : null}
      </GoodsGrid>
    </div>
  );
}

/** The goods a coupon applies to: all goods, its categories (one at a time, by the search's category filter) or the named goods. */
export function CouponGoodsResults({ scope }: { scope: CouponGoodsInfo['scope'] }) {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  if (scope.type === 'GOODS') return <NamedGoods ids={scope.goodsIds} />;
  if (scope.type === 'CATEGORIES') {
    const current = categoryId ?? scope.categories[0]?.id;
    if (current === undefined) return <Empty description="暂无可用商品" />;
    return (
      <>
        {scope.categories.length > 1 ? (
          <div style={{ overflowX: 'auto', marginBottom: 12 }}>
            <Segmented
              aria-label="适用分类"
              value={current}
              onChange={(v) => setCategoryId(Number(v))}
              options={scope.categories.map((c) => ({ label: c.name, value: c.id }))}
            />
          </div>
        ) : null}
        <SearchedGoods key={current} categoryId={current} />
      </>
    );
  }
  return <SearchedGoods />;
}
