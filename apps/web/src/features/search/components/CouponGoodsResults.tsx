import { useMemo, useState } from 'react';
import { Button, Empty, Pagination, Result, Segmented } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type CouponGoodsInfo } from '@mall/shared';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useSearchGoods } from '../api/searchGoods.ts';
import type { ListParams } from '../lib/listParams.ts';
import { couponSearchQuery, readCouponGoodsParams, writeCouponGoodsParams, type CouponSearchQuery } from './CouponGoodsQuery.ts';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from '../../../components/GoodsCard.tsx';
import { ActiveFilters, ListFilters } from './ListFilters.tsx';
import { SortBar } from './SortBar.tsx';
import { PhoneListFilters } from './phone/PhoneListFilters.tsx';
import styles from './list.module.css';
import phoneStyles from './phone/PhoneList.module.css';

/** The server counts at most this many pages worth paging through (as /goodsList). */
const MAX_PAGES = 100;
const noBrand = () => '';

/** One page of the coupon's goods through the shop's search: sort, price range and paging as /goodsList. */
function SearchedGoods({
  query,
  params,
  update,
  page,
}: {
  query: CouponSearchQuery;
  params: ListParams;
  update: (patch: Partial<ListParams>) => void;
  page: (n: number) => void;
}) {
  const phone = useIsPhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const result = useSearchGoods(query);
  const data = result.data;
  const priced = params.minYuan !== null || params.maxYuan !== null;
  const filters = { params, childCategories: [], facets: undefined, update };
  return (
    <>
      {phone ? (
        <>
          <SortBar sort={params.sort} onSort={(sort) => update({ sort })} compact>
            <button
              type="button"
              className={priced ? `${phoneStyles.filterButton} ${phoneStyles.filterOn}` : phoneStyles.filterButton}
              onClick={() => setFiltersOpen(true)}
              aria-haspopup="dialog"
              data-testid="open-filters"
            >
              筛选{priced ? '(1)' : ''}
              <FilterOutlined />
            </button>
          </SortBar>
          <PhoneListFilters {...filters} open={filtersOpen} onClose={() => setFiltersOpen(false)} />
        </>
      ) : (
        <ListFilters {...filters} />
      )}
      <ActiveFilters params={params} brandName={noBrand} update={update} />
      {phone ? null : <SortBar sort={params.sort} onSort={(sort) => update({ sort })} total={data?.total} capped={data?.totalCapped} />}
      {result.isError ? (
        <Result
          status="warning"
          title="商品加载失败，请稍后重试"
          extra={
            <Button type="primary" loading={result.isFetching} onClick={() => void result.refetch()}>
              重试
            </Button>
          }
        />
      ) : data && data.list.length === 0 ? (
        <Empty description={priced ? '该价格区间暂无适用商品' : '暂无可用商品，适用商品可能已下架'} style={{ padding: '40px 0' }} data-testid="coupon-goods-empty" />
      ) : (
        <div style={{ opacity: result.isPlaceholderData ? 0.5 : 1, transition: 'opacity .2s' }} aria-busy={result.isFetching} data-testid="coupon-goods">
          <GoodsGrid>
            {result.isLoading ? Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
            {data?.list.map((g) => <GoodsCard key={g.id} goods={g} />)}
          </GoodsGrid>
        </div>
      )}
      {data && data.total > DEFAULT_PAGE_SIZE ? (
        <div className={phone ? phoneStyles.pager : styles.pager}>
          <Pagination
            current={params.page}
            pageSize={DEFAULT_PAGE_SIZE}
            total={Math.min(data.total, DEFAULT_PAGE_SIZE * MAX_PAGES)}
            showSizeChanger={false}
            showLessItems={phone}
            size={phone ? 'small' : undefined}
            onChange={page}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * The goods a coupon applies to, by one search call for every scope: all goods, the goods under its
 * categories (all of them, or one chosen) or its named goods, with sort, a price range and paging kept
 * in the address beside `couponId` (so back and forward work).
 */
export function CouponGoodsResults({ couponId, scope }: { couponId: string; scope: CouponGoodsInfo['scope'] }) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readCouponGoodsParams(search, scope), [search, scope]);
  const query = useMemo(() => couponSearchQuery(scope, params), [scope, params]);

  /** Any change of filter starts again at page 1; each is a history entry. */
  const update = (patch: Partial<ListParams>) => {
    setSearch(writeCouponGoodsParams(couponId, { ...params, page: 1, ...patch }));
  };
  const page = (n: number) => {
    setSearch(writeCouponGoodsParams(couponId, { ...params, page: n }));
    document.querySelector('[data-testid="coupon-goods-panel"]')?.scrollIntoView({ block: 'start' });
  };

  if (!query) return <Empty description="暂无可用商品" style={{ padding: '40px 0' }} />;
  return (
    <div data-testid="coupon-goods-panel" style={{ scrollMarginTop: 72 }}>
      {scope.type === 'CATEGORIES' && scope.categories.length > 1 ? (
        <div style={{ overflowX: 'auto', marginBottom: 12 }}>
          <Segmented
            aria-label="适用分类"
            value={params.categoryId ?? 0}
            onChange={(v) => update({ categoryId: Number(v) || null })}
            options={[{ label: '全部', value: 0 }, ...scope.categories.map((c) => ({ label: c.name, value: c.id }))]}
          />
        </div>
      ) : null}
      <SearchedGoods query={query} params={params} update={update} page={page} />
    </div>
  );
}
