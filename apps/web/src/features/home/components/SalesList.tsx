import { useSalesList } from '../api/getSalesList.ts';
import { InlineWarning } from '../../../components/InlineWarning.tsx';
import { GoodsCard, GoodsCardSkeleton, GoodsGrid } from '../../../components/GoodsCard.tsx';
import styles from './home.module.css';

/** 热销榜单: the six best sellers on shelf. */
export function SalesList() {
  const { data, isLoading, isError } = useSalesList();
  return (
    <section className={`${styles.section} ${styles.salesBand}`} aria-label="热销榜单">
      <h2 className={styles.sectionTitle}>
        热销榜单<small>大家都在买</small>
      </h2>
      {isError ? <InlineWarning>热销榜单加载失败，请稍后刷新重试</InlineWarning> : null}
      <GoodsGrid columns={6}>
        {isLoading ? Array.from({ length: 6 }, (_, i) => <GoodsCardSkeleton key={i} />) : null}
        {data?.map((g, i) => <GoodsCard key={g.id} goods={g} rank={i + 1} />)}
      </GoodsGrid>
    </section>
  );
}
