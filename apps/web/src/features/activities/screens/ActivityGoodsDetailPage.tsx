import { Button, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { Code } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { RequestError } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { activityGoodsIdsFrom, useActivityGoods, useMyReminders } from '../api/activityGoods.ts';
import { ActivityGoodsView } from '../components/ActivityGoodsView.tsx';
import styles from '../components/ActivityGoods.module.css';

function Missing({ title, subTitle }: { title: string; subTitle: string }) {
  return (
    <div className={styles.info} style={{ background: '#fff', borderRadius: 8, padding: 24 }}>
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

/**
 * 活动商品详情 (/activityGoodsDetail?activityId=&skuId=): a 秒杀 or 限时折扣 SKU with its price beside the
 * usual one, the countdown by the server's clock, 已抢 and 仅剩 for a 秒杀, the limit, and the button
 * for the phase. When the countdown reaches the start or the end the page asks the server again, so
 * 立即抢购 appears without a reload.
 */
export default function ActivityGoodsDetailPage() {
  const [params] = useSearchParams();
  const ids = activityGoodsIdsFrom(params);
  const { user } = useSession();
  const signedIn = Boolean(user);
  const phone = useIsPhone();
  const goods = useActivityGoods(ids, signedIn);
  const reminders = useMyReminders(ids?.activityId ?? null, signedIn);

  if (ids === null) return <Missing title="活动商品不存在" subTitle="链接中的活动或商品编号不正确，去首页看看正在进行的秒杀吧" />;
  if (goods.error && !goods.data) {
    const code = goods.error instanceof RequestError ? goods.error.code : undefined;
    if (code === Code.NOT_FOUND || code === Code.BAD_REQUEST) return <Missing title="活动商品不存在" subTitle="该活动不存在或已取消，去首页看看正在进行的秒杀吧" />;
    if (code === Code.GOODS_OFF_SHELF) return <Missing title="商品已下架" subTitle="该商品已下架，去看看别的好物吧" />;
    return <LoadError title="活动商品加载失败" error={goods.error} onRetry={() => void goods.refetch()} />;
  }
  const d = goods.data;
  if (!d) {
    return (
      <div style={{ background: '#fff', borderRadius: 8, padding: phone ? 12 : 24 }} data-testid="activity-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const onMoment = () => {
    void goods.refetch();
    if (signedIn) void reminders.refetch();
  };
  return (
    <ActivityGoodsView
      d={d}
      signedIn={signedIn}
      reminded={Boolean(reminders.data?.skuIds.includes(d.skuId))}
      marketingOff={signedIn && reminders.data?.marketingConsent === false}
      phone={phone}
      onMoment={onMoment}
    />
  );
}
