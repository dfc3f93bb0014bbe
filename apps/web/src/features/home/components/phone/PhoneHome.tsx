import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { InlineWarning } from '../../../../components/InlineWarning.tsx';
import { Placeholder } from '../../../../components/Placeholder.tsx';
import { useSalesList } from '../../api/getSalesList.ts';
import type { CategoryNode } from '../../../../lib/catalogTypes.ts';
import type { Banner } from '../../types.ts';
import { BannerCarousel } from '../BannerCarousel.tsx';
import { categoryHref } from '../../../../lib/catalogLinks.ts';
import { GoodsCard, GoodsCardSkeleton } from '../../../../components/GoodsCard.tsx';
import { HomeSwitch } from '../HomeSwitch.tsx';
import { RecommendFeed } from '../RecommendFeed.tsx';
import homeStyles from '../home.module.css';
import styles from './PhoneHome.module.css';

/**
 * 首页 on a phone, as Chinese H5 shops lay it out: the banner the width of the screen, the top
 * categories as an icon grid (two rows, swiping sideways when there are more than ten), the way into the
 * 秒杀 会场, 热销榜单 as a strip that scrolls sideways, then 为你推荐 as a two-column feed that loads on as
 * the buyer scrolls.
 */
export function PhoneHome({
  tree,
  banners,
  loading,
  children,
}: {
  tree: CategoryNode[] | undefined;
  banners: Banner[] | unknown;
  loading: boolean;
  /** Shown between 热销榜单 and 为你推荐 (the home's 领券中心). */
  children?: ReactNode;
}) {
  return (
    <div className={styles.home} data-testid="phone-home">
      <div className={homeStyles.switchBar}>
        <HomeSwitch to="old" />
      </div>
      <BannerCarousel banners={banners} tree={tree} loading={loading} />
      <PhoneHomeCategories tree={tree} loading={loading} />
      <PhoneFlashEntry />
      <PhoneHomeSales />
      {children}
      <RecommendFeed />
    </div>
  );
}

/** Ten categories a page (two rows of five); more pages swipe sideways. */
const PER_PAGE = 10;

/** The top categories, icon over name, each opening its goods list. */
function PhoneHomeCategories({ tree, loading }: { tree: CategoryNode[] | undefined; loading: boolean }) {
  const [shown, setShown] = useState(0);
  const pages: CategoryNode[][] = [];
  for (let i = 0; i < (tree?.length ?? 0); i += PER_PAGE) pages.push(tree!.slice(i, i + PER_PAGE));
  return (
    <nav className={styles.categoryBox} aria-label="商品分类" data-testid="phone-home-categories">
      <div
        className={styles.categoryPages}
        onScroll={(e) => setShown(Math.round(e.currentTarget.scrollLeft / Math.max(1, e.currentTarget.clientWidth)))}
      >
        {loading && !tree ? (
          <div className={styles.categoryPage}>
            {Array.from({ length: PER_PAGE }, (_, i) => (
              <div key={i} className={styles.category}>
                <Placeholder width={40} height={40} round />
              </div>
            ))}
          </div>
        ) : (
          pages.map((page, p) => (
            <div key={p} className={styles.categoryPage}>
              {page.map((top) => (
                <Link key={top.id} to={categoryHref(top.id)} className={styles.category} data-testid="phone-home-category">
                  {top.icon ? (
                    // The second page is off to the side: its icons load when it is swiped in.
                    <img src={top.icon} alt="" className={styles.categoryIcon} loading={p > 0 ? 'lazy' : undefined} />
                  ) : (
                    <span className={styles.categoryLetter} aria-hidden>
                      {top.name.slice(0, 1)}
                    </span>
                  )}
                  <span className={styles.categoryName}>{top.name}</span>
                </Link>
              ))}
            </div>
          ))
        )}
      </div>
      {pages.length > 1 ? (
        <div className={styles.categoryDots} aria-hidden>
          {pages.map((_, p) => (
            <span key={p} className={p === shown ? styles.dotOn : styles.dot} />
          ))}
        </div>
      ) : null}
    </nav>
  );
}

/** The way into the 秒杀 会场 (/flashSale): a red band under the categories; it asks the server nothing. */
function PhoneFlashEntry() {
  return (
    <Link to="/flashSale" className={styles.flashEntry} data-testid="phone-flash-entry">
      <b className={styles.flashEntryTitle}>限时秒杀</b>
      <span className={styles.flashEntryText}>每日多场 · 好物限量抢</span>
      <span className={styles.flashEntryGo}>去抢购 ›</span>
    </Link>
  );
}

/** 热销榜单: the six best sellers in a strip that scrolls sideways. */
function PhoneHomeSales() {
  const { data, isLoading, isError } = useSalesList();
  return (
    <section className={styles.sales} aria-label="热销榜单">
      <h2 className={homeStyles.sectionTitle}>
        热销榜单<small>大家都在买</small>
      </h2>
      {isError ? <InlineWarning>热销榜单加载失败，请稍后刷新重试</InlineWarning> : null}
      <div className={styles.strip} data-testid="phone-sales-strip">
        {isLoading
          ? Array.from({ length: 3 }, (_, i) => (
              <div key={i} className={styles.stripItem}>
                <GoodsCardSkeleton />
              </div>
            ))
          : data?.map((g, i) => <GoodsCard key={g.id} goods={g} rank={i + 1} className={styles.stripItem} />)}
      </div>
    </section>
  );
}
