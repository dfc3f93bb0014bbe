import { Breadcrumb, Button, Descriptions, Result, Skeleton, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Code } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { RequestError } from '../../../lib/request.ts';
import { goodsIdFrom, useGoodsDetail } from '../api/getGoodsDetail.ts';
import { BuyBox } from '../components/BuyBox.tsx';
import { categoryHref } from '../components/CategoryMenu.tsx';
import { DetailBody } from '../components/DetailBody.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { reviewsTab } from '../components/reviewsTab.tsx';
import { PhoneGoodsDetail } from '../components/phone/PhoneGoodsDetail.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useShareVisit } from '../../../lib/shareBinding.ts';
import styles from '../components/detail.module.css';

function Missing({ title, subTitle }: { title: string; subTitle: string }) {
  return (
    <div className={styles.panel}>
      <Result
        status="404"
        title={title}
        subTitle={subTitle}
        extra={
          <Link to="/">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </div>
  );
}

/** 商品详情 (/goodsDetail?id=): gallery, SKU picker, buy buttons, params and the detail body. */
export default function GoodsDetailPage() {
  const [params] = useSearchParams();
  const id = goodsIdFrom(params);
  const { data: goods, isLoading, error, refetch } = useGoodsDetail(id);
  const isPhone = useIsPhone();
  useShareVisit(params.get('share'));

  if (id === null) return <Missing title="商品不存在" subTitle="链接中的商品编号不正确，去看看别的好物吧" />;
  if (error) {
    const code = error instanceof RequestError ? error.code : undefined;
    if (code === Code.GOODS_OFF_SHELF) return <Missing title="商品已下架" subTitle="该商品已下架，去看看别的好物吧" />;
    if (code === Code.GOODS_NOT_FOUND || code === Code.NOT_FOUND) {
      return <Missing title="商品不存在" subTitle="该商品不存在或已被删除，去看看别的好物吧" />;
    }
    return (
      <div className={styles.panel}>
        <LoadError title="商品加载失败" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isLoading || !goods) {
    return (
      <div className={styles.panel} data-testid="detail-loading">
        <div className={styles.top}>
          <Skeleton.Node active style={{ width: isPhone ? '100%' : 420, height: isPhone ? 320 : 420 }} />
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      </div>
    );
  }

  if (isPhone) return <PhoneGoodsDetail key={goods.id} goods={goods} />;

  return (
    <div>
      <Breadcrumb
        className={styles.crumbs}
        items={[
          { title: <Link to="/">首页</Link> },
          ...goods.breadcrumbs.map((c) => ({ title: <Link to={categoryHref(c.id)}>{c.name}</Link> })),
          { title: <span className={styles.crumbName}>{goods.name}</span> },
        ]}
      />
      <div className={`${styles.panel} ${styles.top}`}>
        <Gallery images={goods.images} alt={goods.name} />
        <BuyBox key={goods.id} goods={goods} />
      </div>
      <div className={styles.panel} style={{ marginTop: 16 }}>
        <Tabs
          items={[
            {
              key: 'detail',
              label: '商品介绍',
              children: (
                <>
                  <Descriptions size="small" column={3} className={styles.brief} items={goods.params.slice(0, 9).map((p, i) => ({ key: i, label: p.name, children: p.value }))} />
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
      </div>
    </div>
  );
}
