import { Descriptions, Tabs } from 'antd';
import type { GoodsDetail } from '../types.ts';
import { DetailBody } from './DetailBody.tsx';
import { reviewsTab } from './reviewsTab.tsx';
import styles from './detail.module.css';

/**
 * The PC goods page below the buy box: 商品介绍 (the first params and the detail body), 规格与包装,
 * 评价. In the goods screen's chunk (see GoodsDetailPage.tsx for why it is not a lazy part).
 */
export default function DetailTabs({ goods }: { goods: GoodsDetail }) {
  return (
    <Tabs
      items={[
        {
          key: 'detail',
          label: '商品介绍',
          children: (
            <>
              <Descriptions
                size="small"
                column={3}
                className={styles.brief}
                items={goods.params.slice(0, 9).map((p, i) => ({ key: i, label: p.name, children: p.value }))}
              />
              <DetailBody blocks={goods.detail} />
            </>
          ),
        },
        {
          key: 'params',
          label: '规格与包装',
          children: (
            <Descriptions
              bordered
              size="middle"
              column={1}
              styles={{ label: { width: 180, background: '#F3F3F3', color: '#666666' } }}
              items={goods.params.map((p, i) => ({ key: i, label: p.name, children: p.value }))}
            />
          ),
        },
        reviewsTab(goods.id),
      ]}
    />
  );
}
