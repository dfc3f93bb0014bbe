import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mall/shared';
import { AskAssistant } from '../../../components/AskAssistant.tsx';
import { Crumbs } from '../../../components/Crumbs.tsx';
import { Result } from '../../../components/LazyResult.tsx';
import { RequestError } from '../../../lib/request.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useHydrated } from '../../../lib/useHydrated.ts';
import { useCategoryTree } from '../../../lib/categoryTree.ts';
import { useSearchGoods } from '../api/searchGoods.ts';
import { categoryHref, searchHref } from '../../../lib/catalogLinks.ts';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from '../../../components/GoodsCard.tsx';
import { ActiveFilters, ListFilters } from '../components/ListFilters.tsx';
import { SortBar } from '../components/SortBar.tsx';
import { categoryPath, readListParams, toSearchQuery, writeListParams, type ListParams } from '../lib/listParams.ts';
import type { SearchResult } from '../types.ts';
import styles from '../components/list.module.css';
import phoneStyles from '../components/phone/PhoneList.module.css';

// Below the goods, or opened by a tap: loaded after the first screen (antd's Pagination brings its
// page-size Select; the phone's filter drawer), not before the first goods show.
const Pagination = lazy(() => import('antd/es/pagination/index.js'));
const PhoneListFilters = lazy(() =>
  import('../components/phone/PhoneListFilters.tsx').then((m) => ({ default: m.PhoneListFilters })),
);

/** The server counts at most this many pages of results worth paging through. */
const MAX_PAGES = 100;
const FALLBACK_ERROR = '商品加载失败，请稍后重试';

/**
 * What a failed search says: the server's own message (its envelope, also on a 5xx), else the
 * request helper's Chinese text for the failure.
 */
function searchErrorText(error: unknown): string {
  if (error instanceof RequestError) {
    const body = error.data as { message?: unknown } | null | undefined;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) return body.message;
    if (error.message) return error.message;
  }
  return FALLBACK_ERROR;
}

/**
 * 商品分类 / 搜索结果 (/goodsList?categoryId=&keyword=): filters in the URL, 10 goods a page. On a phone
 * a two-column feed, the sort tabs and 筛选 (a drawer with the filters) in one row, a compact pager.
 */
export default function GoodsListPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const query = useMemo(() => toSearchQuery(params), [params]);
  const tree = useCategoryTree();
  const result = useSearchGoods(query);
  const data = result.data;
  const phone = useIsPhone();
  const hydrated = useHydrated();
  const pagerPlace = <div style={{ height: phone ? 24 : 32 }} />;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  // A failed search keeps the filters on screen as they were (brand names, facet rows): the last
  // facets of the same keyword and category, which other filters and paging do not change.
  const facetsOf = `${params.keyword}|${params.categoryId ?? ''}`;
  const lastFacets = useRef<{ of: string; facets: SearchResult['facets'] } | undefined>(undefined);
  if (data && !result.isPlaceholderData) lastFacets.current = { of: facetsOf, facets: data.facets };
  const facets = data?.facets ?? (lastFacets.current?.of === facetsOf ? lastFacets.current.facets : undefined);

  /** Any change of filter starts again at page 1; each is a history entry so back/forward work. */
  const update = (patch: Partial<ListParams>) => {
    const next = { ...params, page: 1, ...patch };
    // A new category keeps only the keyword and sort: brands of another category rarely apply.
    if (patch.categoryId !== undefined && patch.categoryId !== params.categoryId && !patch.brandIds) next.brandIds = [];
    setSearch(writeListParams(next));
    window.scrollTo({ top: 0 });
  };

  const path = categoryPath(tree.data, params.categoryId);
  const current = path[path.length - 1];
  const childCategories = current ? (current.children ?? []) : params.keyword ? [] : (tree.data ?? []);
  const brandName = (id: number) => facets?.brands.find((b) => b.id === id)?.name ?? `#${id}`;
  const firstLoad = result.isLoading;
  const empty = data && data.list.length === 0;
  const failed = result.isError;
  const filterCount = params.brandIds.length + (params.minYuan !== null || params.maxYuan !== null ? 1 : 0);

  const filters = { params, childCategories, facets, update };
  const sortBar = phone ? (
    <SortBar sort={params.sort} onSort={(sort) => update({ sort })} compact>
      <button
        type="button"
        className={filterCount ? `${phoneStyles.filterButton} ${phoneStyles.filterOn}` : phoneStyles.filterButton}
        onClick={() => {
          setFiltersUsed(true);
          setFiltersOpen(true);
        }}
        aria-haspopup="dialog"
        data-testid="open-filters"
      >
        筛选{filterCount ? `(${filterCount})` : ''}
        <FilterOutlined />
      </button>
    </SortBar>
  ) : (
    <SortBar sort={params.sort} onSort={(sort) => update({ sort })} total={data?.total} capped={data?.totalCapped} />
  );

  return (
    <div>
      {phone ? (
        <>
          <h1 className={phoneStyles.title}>
            {params.keyword ? `“${params.keyword}”的搜索结果` : (current?.name ?? '全部商品')}
          </h1>
          {params.keyword ? <AskAssistant keyword={params.keyword} /> : null}
          {childCategories.length ? (
            <nav className={phoneStyles.subcats} aria-label="子分类" data-testid="phone-subcategories">
              {childCategories.map((c) => (
                <Link key={c.id} to={categoryHref(c.id)} className={phoneStyles.subcat}>
                  {c.name}
                </Link>
              ))}
            </nav>
          ) : null}
          {sortBar}
          {filtersUsed ? (
            <Suspense fallback={null}>
              <PhoneListFilters {...filters} open={filtersOpen} onClose={() => setFiltersOpen(false)} />
            </Suspense>
          ) : null}
        </>
      ) : (
        <>
          <Crumbs
            className={styles.crumbs}
            items={[
              <Link to="/">首页</Link>,
              <Link to="/goodsList">全部商品</Link>,
              ...path.map((c) => <Link to={categoryHref(c.id)}>{c.name}</Link>),
              ...(params.keyword ? [<span data-testid="crumb-keyword">“{params.keyword}”</span>] : []),
            ]}
          />
          {params.keyword ? (
            <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
              <AskAssistant keyword={params.keyword} />
            </div>
          ) : null}
          <ListFilters {...filters} />
        </>
      )}
      <ActiveFilters params={params} brandName={brandName} update={update} />
      {data?.correctedKeyword ? (
        <Alert
          className={styles.notice}
          type="info"
          showIcon
          title={
            <span>
              以下是 <b>“{data.correctedKeyword}”</b> 的搜索结果
            </span>
          }
        />
      ) : null}
      {phone ? null : sortBar}
      {failed ? (
        <Result
          status="warning"
          title={searchErrorText(result.error)}
          data-testid="list-error"
          extra={
            <Button type="primary" loading={result.isFetching} onClick={() => void result.refetch()}>
              重试
            </Button>
          }
        />
      ) : empty ? (
        <div className={styles.empty} data-testid="list-empty">
          <Empty
            description={
              params.keyword ? (
                <span>
                  抱歉，没有找到与 <b>“{params.keyword}”</b> 相关的商品
                </span>
              ) : (
                '该条件下暂无商品'
              )
            }
          >
            {data.suggestions.length ? (
              <div className={styles.didYouMean} data-testid="did-you-mean">
                您是不是要找：
                {data.suggestions.map((w) => (
                  <Link key={w} to={searchHref(w)}>
                    {w}
                  </Link>
                ))}
              </div>
            ) : null}
            <div className={styles.emptyTips}>建议您：检查输入是否有误，换个关键词，或减少筛选条件</div>
          </Empty>
        </div>
      ) : (
        <div
          style={{ opacity: result.isPlaceholderData ? 0.5 : 1, transition: 'opacity .2s' }}
          aria-busy={result.isFetching}
          data-testid="list-results"
        >
          <GoodsGrid>
            {firstLoad ? Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
            {data?.list.map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </GoodsGrid>
        </div>
      )}
      {data && data.total > DEFAULT_PAGE_SIZE ? (
        <div className={phone ? phoneStyles.pager : styles.pager}>
          {/* Drawn by the browser only: the server's page shows its place (antd's pager renders differently there). */}
          {hydrated ? (
            <Suspense fallback={pagerPlace}>
              <Pagination
                current={params.page}
                pageSize={DEFAULT_PAGE_SIZE}
                total={Math.min(data.total, DEFAULT_PAGE_SIZE * MAX_PAGES)}
                showSizeChanger={false}
                showQuickJumper={!phone}
                showLessItems={phone}
                size={phone ? 'small' : undefined}
                onChange={(page) => {
                  setSearch(writeListParams({ ...params, page }));
                  window.scrollTo({ top: 0 });
                }}
              />
            </Suspense>
          ) : (
            pagerPlace
          )}
        </div>
      ) : null}
    </div>
  );
}
