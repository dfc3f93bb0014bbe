import { useMemo } from 'react';
import { Alert, Breadcrumb, Empty, Pagination } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@mall/shared';
import { useCategoryTree } from '../api/getCategoryTree.ts';
import { useSearchGoods } from '../api/searchGoods.ts';
import { categoryHref } from '../components/CategoryMenu.tsx';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from '../components/GoodsCard.tsx';
import { ActiveFilters, ListFilters } from '../components/ListFilters.tsx';
import { searchHref } from '../components/SearchBox.tsx';
import { SortBar } from '../components/SortBar.tsx';
import { categoryPath, readListParams, toSearchQuery, writeListParams, type ListParams } from '../lib/listParams.ts';
import styles from '../components/list.module.css';

/** The server counts at most this many pages of results worth paging through. */
const MAX_PAGES = 100;

/** 商品分类 / 搜索结果 (/goodsList?categoryId=&keyword=): filters in the URL, 10 goods a page. */
export default function GoodsListPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  const query = useMemo(() => toSearchQuery(params), [params]);
  const tree = useCategoryTree();
  const result = useSearchGoods(query);
  const data = result.data;

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
  const brandName = (id: number) => data?.facets.brands.find((b) => b.id === id)?.name ?? `#${id}`;
  const firstLoad = result.isLoading;
  const empty = data && data.list.length === 0;

  return (
    <div>
      <Breadcrumb
        className={styles.crumbs}
        items={[
          { title: <Link to="/">首页</Link> },
          { title: <Link to="/goodsList">全部商品</Link> },
          ...path.map((c) => ({ title: <Link to={categoryHref(c.id)}>{c.name}</Link> })),
          ...(params.keyword ? [{ title: <span data-testid="crumb-keyword">“{params.keyword}”</span> }] : []),
        ]}
      />
      <ListFilters params={params} childCategories={childCategories} facets={data?.facets} update={update} />
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
      <SortBar sort={params.sort} onSort={(sort) => update({ sort })} total={data?.total} capped={data?.totalCapped} />
      {empty ? (
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
        <div style={{ opacity: result.isPlaceholderData ? 0.5 : 1, transition: 'opacity .2s' }} aria-busy={result.isFetching} data-testid="list-results">
          <GoodsGrid>
            {firstLoad ? Array.from({ length: DEFAULT_PAGE_SIZE }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
            {data?.list.map((g) => <GoodsCard key={g.id} goods={g} />)}
          </GoodsGrid>
        </div>
      )}
      {result.isError && !data ? <Alert type="error" showIcon title="商品加载失败，请稍后重试" className={styles.notice} /> : null}
      {data && data.total > DEFAULT_PAGE_SIZE ? (
        <div className={styles.pager}>
          <Pagination
            current={params.page}
            pageSize={DEFAULT_PAGE_SIZE}
            total={Math.min(data.total, DEFAULT_PAGE_SIZE * MAX_PAGES)}
            showSizeChanger={false}
            showQuickJumper
            onChange={(page) => {
              setSearch(writeListParams({ ...params, page }));
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
