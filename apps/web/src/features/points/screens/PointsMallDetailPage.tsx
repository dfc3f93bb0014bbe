import { useState } from 'react';
import { Alert, Button, Result, Tag } from 'antd';
import { Code, formatFen } from '@mall/shared';
import { Link, useSearchParams } from 'react-router';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { RequestError } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { usePointsBalance, usePointsMallDetail } from '../api/points.ts';
import { limitText, pointsPriceText } from '../lib/price.ts';

/** 积分商品详情: pictures, points (+ cash), stock and limit, why it cannot be redeemed; redemption is not open yet. */
export default function PointsMallDetailPage() {
  const phone = useIsPhone();
  const { user } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = usePointsMallDetail(id);
  const balance = usePointsBalance(Boolean(user));
  const [picked, setPicked] = useState(0);

  const back = (
    <Link to="/points/mall">
      <Button type="primary">返回积分商城</Button>
    </Link>
  );
  if (!Number.isSafeInteger(id) || id <= 0) {
    return (
      <Panel>
        <Result status="404" title="积分商品不存在" subTitle="链接不完整或已失效" extra={back} />
      </Panel>
    );
  }
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) {
    const e = detail.error;
    if (e instanceof RequestError && (e.code === Code.POINTS_MALL_OFF_SHELF || e.code === Code.NOT_FOUND)) {
      return (
        <Panel>
          <Result status="warning" title={e.message} subTitle="看看积分商城里的其他好物吧" extra={back} />
        </Panel>
      );
    }
    return <LoadError error={e} onRetry={() => void detail.refetch()} />;
  }
  const g = detail.data;
  const images = g.images.length ? g.images : g.image ? [g.image] : [];
  const main = images[picked] ?? null;
  const short = user && balance.data ? Math.max(0, g.pointsPrice - balance.data.balance) : 0;
  return (
    <div data-testid="points-mall-detail">
      <Panel>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: phone ? 'minmax(0, 1fr)' : '420px minmax(0, 1fr)',
            gap: phone ? 16 : 32,
          }}
        >
          <div style={{ minWidth: 0 }}>
            <div style={{ width: '100%', aspectRatio: '1 / 1', borderRadius: 8, overflow: 'hidden', background: '#fafafa' }}>
              {main ? <img src={main} alt={g.name} style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} /> : <GoodsThumb src={null} alt={g.name} size={phone ? 300 : 420} />}
            </div>
            {images.length > 1 ? (
              <div style={{ display: 'flex', gap: 8, marginTop: 8, overflowX: 'auto' }}>
                {images.map((src, i) => (
                  <button
                    key={src + i}
                    type="button"
                    aria-label={`第 ${i + 1} 张图`}
                    onClick={() => setPicked(i)}
                    style={{ padding: 0, border: i === picked ? '2px solid #a387bc' : '2px solid transparent', borderRadius: 8, background: 'none', cursor: 'pointer' }}
                  >
                    <GoodsThumb src={src} alt="" size={60} />
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <div style={{ minWidth: 0 }}>
            <h1 style={{ fontSize: phone ? 18 : 22, margin: '0 0 6px', color: '#333', overflowWrap: 'anywhere' }}>{g.name}</h1>
            {g.subtitle ? <div style={{ color: '#666', marginBottom: 12 }}>{g.subtitle}</div> : null}
            <div style={{ background: '#faf7fc', borderRadius: 8, padding: 16, marginBottom: 16 }}>
              <div style={{ color: '#666', fontSize: 13 }}>兑换价</div>
              <div style={{ color: '#d4380d', fontSize: 26, fontWeight: 700 }} data-testid="points-detail-price">
                {pointsPriceText(g.pointsPrice, g.cashFen)}
              </div>
              <div style={{ color: '#666', fontSize: 13 }}>
                市场价 <s>{formatFen(g.marketPrice)}</s>
              </div>
            </div>
            <dl style={{ display: 'grid', gridTemplateColumns: '72px minmax(0, 1fr)', rowGap: 10, margin: '0 0 16px', color: '#555' }}>
              <dt style={{ color: '#666' }}>规格</dt>
              <dd style={{ margin: 0 }}>{g.specText || '默认'}</dd>
              <dt style={{ color: '#666' }}>分类</dt>
              <dd style={{ margin: 0 }}>{g.category}</dd>
              <dt style={{ color: '#666' }}>库存</dt>
              <dd style={{ margin: 0 }} data-testid="points-detail-stock">
                剩余 {g.stock} 件 · 已兑 {g.redeemed} 件
              </dd>
              <dt style={{ color: '#666' }}>限兑</dt>
              <dd style={{ margin: 0 }}>{limitText(g.perMemberLimit)}</dd>
            </dl>
            {g.unavailable ? (
              <Alert type="warning" showIcon title={g.unavailable} style={{ marginBottom: 16 }} data-testid="points-detail-unavailable" />
            ) : null}
            {user && balance.data ? (
              <div style={{ marginBottom: 12, color: '#6b6b6b' }}>
                我的积分 <strong style={{ color: '#7b5a98' }}>{balance.data.balance}</strong>
                {short > 0 ? <span style={{ color: '#ad4e00' }}>，还差 {short} 积分</span> : null}
              </div>
            ) : null}
            <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button type="primary" size="large" disabled style={{ minWidth: 160 }}>
                {g.unavailable ? (g.soldOut ? '已兑完' : '已下架') : '立即兑换'}
              </Button>
              {g.unavailable ? null : (
                <Tag color="purple" data-testid="points-redeem-soon">
                  兑换即将上线
                </Tag>
              )}
            </div>
            {g.unavailable ? null : (
              <div style={{ color: '#666', fontSize: 12, marginTop: 8 }}>积分兑换功能即将上线，敬请期待；积分可先攒着，上线后即可兑换。</div>
            )}
            <div style={{ marginTop: 16 }}>
              <Link to={`/goodsDetail?id=${g.goodsId}`} style={{ color: '#7b5a98' }}>
                查看商品详情 ›
              </Link>
            </div>
          </div>
        </div>
      </Panel>
    </div>
  );
}
