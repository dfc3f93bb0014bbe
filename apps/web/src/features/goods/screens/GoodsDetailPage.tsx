import { Suspense } from 'react';
import { Button, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Code } from '@mall/shared';
import { Crumbs } from '../../../components/Crumbs.tsx';
import { Result } from '../../../components/LazyResult.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { RequestError } from '../../../lib/request.ts';
import { goodsIdFrom, useGoodsDetail } from '../api/getGoodsDetail.ts';
import { BuyBox } from '../components/BuyBox.tsx';
import { categoryHref } from '../../../lib/catalogLinks.ts';
import { Gallery } from '../../../components/Gallery.tsx';
import { lazyPart } from '../../../lib/lazyPart.tsx';
import { isPhoneNow, useIsPhone } from '../../../lib/useIsPhone.ts';
import { useShareVisit } from '../../../lib/shareBinding.ts';
import styles from '../components/detail.module.css';

// Below the buy box: loaded as the top shows, so that the title, price and buttons come first.
// In the screen's own chunk, not a part of its own: a lazy part the server rendered stays React's only
// once its script has run, and a click on 评价 right after load was lost 3 times in 4 on a busy machine
// even with that script named in the page (first-screen.spec.ts).
import DetailTabs from '../components/DetailTabs.tsx';

// The phone layout (its tabs, sticky bar and SKU sheet) is a chunk of its own: a PC does not load it,
// and on a phone the screen counts as loaded once it is in (lazyScreen), so it renders at once.
const PhoneGoodsDetail = lazyPart(() => import('../components/phone/PhoneGoodsDetail.tsx').then((m) => m.PhoneGoodsDetail));
export const preloadParts = () => (isPhoneNow() ? PhoneGoodsDetail.preload() : Promise.resolve());

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

/** 商品详情 (/goodsDetail?id= or ?goodsId=): gallery, SKU picker, buy buttons, params and the detail body. */
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
  const loading = (
    <div className={styles.panel} data-testid="detail-loading">
      <div className={styles.top}>
        <Skeleton.Node active style={{ width: isPhone ? '100%' : 420, height: isPhone ? 320 : 420 }} />
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    </div>
  );
  if (isLoading || !goods) return loading;

  if (isPhone)
    return (
      <Suspense fallback={loading}>
        <PhoneGoodsDetail key={goods.id} goods={goods} />
      </Suspense>
    );

  return (
    <div>
      <Crumbs
        className={styles.crumbs}
        items={[
          <Link to="/">首页</Link>,
          ...goods.breadcrumbs.map((c) => <Link to={categoryHref(c.id)}>{c.name}</Link>),
          <span className={styles.crumbName}>{goods.name}</span>,
        ]}
      />
      <div className={`${styles.panel} ${styles.top}`}>
        <Gallery images={goods.images} alt={goods.name} />
        <BuyBox key={goods.id} goods={goods} />
      </div>
      <div className={styles.panel} style={{ marginTop: 16 }}>
        <DetailTabs goods={goods} />
      </div>
    </div>
  );
}
