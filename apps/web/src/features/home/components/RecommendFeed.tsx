import { Button, Spin } from 'antd';
import { useInfiniteScroll } from 'ahooks';
import { INFINITE_SCROLL_THRESHOLD } from '@mall/shared';
import { getRecommend } from '../api/getRecommend.ts';
import { useSalesList } from '../api/getSalesList.ts';
import type { GoodsCard as Card } from '../../../lib/catalogTypes.ts';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from '../../../components/GoodsCard.tsx';
import styles from './home.module.css';

const PAGE_SIZE = 20;

interface FeedData {
  list: Card[];
  pageNum: number;
  total: number;
}

/** 为你推荐: the next page loads when the page is scrolled within 100 px of its end (spec §9). */
export function RecommendFeed() {
  // The feed leans on sales too: goods already shown in 热销榜单 just above are not repeated.
  const shown = new Set((useSalesList().data ?? []).map((g) => g.id));
  const { data, loading, loadingMore, noMore, error, loadMore } = useInfiniteScroll<FeedData>(
    async (prev) => {
      const pageNum = (prev?.pageNum ?? 0) + 1;
      const page = await getRecommend(pageNum, PAGE_SIZE);
      return { list: page.list, pageNum, total: page.total };
    },
    {
      target: () => document,
      threshold: INFINITE_SCROLL_THRESHOLD,
      isNoMore: (d) => !d || d.list.length >= d.total || d.list.length === 0,
    },
  );

  return (
    <section className={styles.section} aria-label="为你推荐">
      <h2 className={styles.sectionTitle}>
        为你推荐<small>猜你喜欢的好物</small>
      </h2>
      <GoodsGrid>
        {data?.list.filter((g) => !shown.has(g.id)).map((g) => <GoodsCard key={g.id} goods={g} />)}
        {loading ? Array.from({ length: 10 }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
      </GoodsGrid>
      <div className={styles.feedFooter} data-testid="feed-footer">
        {loadingMore ? (
          <span>
            <Spin size="small" /> 正在加载…
          </span>
        ) : error ? (
          <Button onClick={loadMore}>加载失败，点击重试</Button>
        ) : noMore && data?.list.length ? (
          <span>没有更多了</span>
        ) : !loading && !data?.list.length ? (
          <span>暂无推荐商品</span>
        ) : null}
      </div>
    </section>
  );
}
