import { Skeleton } from 'antd';
import { Link } from 'react-router';
import { EmptyState, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { usePointsMall } from '../api/points.ts';
import { MallCard } from './MallCard.tsx';
import styles from './points.module.css';

/** 热门兑换: the most redeemed goods of the points mall, with the way to all of them. */
export function BestGoodsPanel() {
  const phone = useIsPhone();
  const mall = usePointsMall({ sort: 'HOT', pageNum: 1, pageSize: phone ? 4 : 5 });
  return (
    <Panel title="热门兑换" extra={<Link to="/points/mall" style={{ color: '#7b5a98' }}>
          更多积分好物 ›
        </Link>}>
      {mall.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : mall.isError ? (
        <LoadError error={mall.error} onRetry={() => void mall.refetch()} />
      ) : mall.data.list.length === 0 ? (
        <EmptyState text="积分商城暂无商品" />
      ) : (
        <div className={styles.grid}>
          {mall.data.list.map((g) => (
            <MallCard key={g.id} goods={g} />
          ))}
        </div>
      )}
    </Panel>
  );
}
