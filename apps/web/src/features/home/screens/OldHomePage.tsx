import { useState } from 'react';
import { Empty, Pagination, Skeleton } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { homeKeys } from '../api/homeKeys.ts';
import { getRecommend } from '../api/getRecommend.ts';
import { useCategoryTree } from '../../../lib/categoryTree.ts';
import { categoryHref } from '../../../lib/catalogLinks.ts';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from '../../../components/GoodsCard.tsx';
import { HomeSwitch } from '../components/HomeSwitch.tsx';
import styles from '../components/home.module.css';

const PAGE_SIZE = 20;

/** 旧版首页: the older, simpler layout: a grid of categories and a paged grid of goods. */
export default function OldHomePage() {
  const tree = useCategoryTree();
  const [pageNum, setPageNum] = useState(1);
  const goods = useQuery({
    queryKey: homeKeys.recommend(pageNum, PAGE_SIZE),
    queryFn: () => getRecommend(pageNum, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <div className={styles.switchBar}>
        <HomeSwitch to="new" />
      </div>
      <section aria-label="全部分类">
        <h2 className={styles.sectionTitle}>全部分类</h2>
        <div className={styles.oldGrid}>
          {tree.isLoading
            ? Array.from({ length: 12 }, (_, i) => <Skeleton.Button key={i} active block style={{ height: 118 }} />)
            : tree.data?.map((top) => (
                <Link key={top.id} to={categoryHref(top.id)} className={styles.oldCat} data-testid="old-home-category">
                  {top.icon ? <img src={top.icon} alt="" /> : null}
                  <div className={styles.oldCatName}>{top.name}</div>
                  <div className={styles.oldCatSubs}>{(top.children ?? []).map((c) => c.name).join(' · ')}</div>
                </Link>
              ))}
        </div>
      </section>
      <section className={styles.section} aria-label="精选商品">
        <h2 className={styles.sectionTitle}>精选商品</h2>
        {goods.data && goods.data.list.length === 0 ? <Empty description="暂无商品" /> : null}
        <GoodsGrid>
          {goods.isLoading ? Array.from({ length: 10 }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
          {goods.data?.list.map((g) => <GoodsCard key={g.id} goods={g} />)}
        </GoodsGrid>
        {goods.data && goods.data.total > PAGE_SIZE ? (
          <div className={styles.oldPager}>
            <Pagination
              current={pageNum}
              pageSize={PAGE_SIZE}
              total={Math.min(goods.data.total, PAGE_SIZE * 50)}
              showSizeChanger={false}
              onChange={(p) => {
                setPageNum(p);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}
