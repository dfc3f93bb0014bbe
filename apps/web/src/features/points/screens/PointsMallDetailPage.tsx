import { useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { Code, formatFen } from '@mall/shared';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { StickyBar } from '../../../components/phone/StickyBar.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { loginPathFor } from '../../../lib/redirect.ts';
import { RequestError } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { usePointsBalance, usePointsMallDetail } from '../api/points.ts';
import { limitText, pointsPriceText, redeemFreightText } from '../lib/price.ts';
import { clampRedeemQuantity, maxRedeemQuantity, redeemCheckoutPath, redeemState } from '../lib/redeem.ts';

/**
 * 积分商品详情: pictures, points (+ cash), stock and limit, why it cannot be redeemed; a quantity within
 * the stock and the limit, and 立即兑换 to the checkout (确认兑换). A signed-out buyer is asked to sign in
 * and comes back here.
 */
export default function PointsMallDetailPage() {
  const phone = useIsPhone();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const { modal } = useFeedback();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const detail = usePointsMallDetail(id);
  const balance = usePointsBalance(Boolean(user));
  const [picked, setPicked] = useState(0);
  const [wanted, setWanted] = useState(1);

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
  const quantity = clampRedeemQuantity(g, wanted);
  const known = user ? balance.data?.balance : undefined;
  const state = redeemState(g, quantity, known);
  const redeem = () => {
    if (!user) {
      modal.confirm({
        title: '登录提示',
        content: '兑换积分商品需要先登录，是否前往登录？',
        okText: '去登录',
        cancelText: '取消',
        onOk: () => void navigate(loginPathFor(location.pathname + location.search)),
      });
      return;
    }
    void navigate(redeemCheckoutPath(g.id, quantity));
  };
  const redeemButton = (
    <Button
      type="primary"
      size="large"
      shape={phone ? 'round' : undefined}
      disabled={state.disabled || (Boolean(user) && balance.isPending)}
      onClick={redeem}
      style={{ minWidth: phone ? 128 : 160 }}
      data-testid="points-redeem"
    >
      {state.label}
    </Button>
  );
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
              <dt style={{ color: '#666' }}>运费</dt>
              <dd style={{ margin: 0 }} data-testid="points-detail-freight">
                {redeemFreightText(g.freight)}
              </dd>
            </dl>
            {g.unavailable ? (
              <Alert type="warning" showIcon title={g.unavailable} style={{ marginBottom: 16 }} data-testid="points-detail-unavailable" />
            ) : null}
            {g.unavailable ? null : (
              <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
                <span style={{ color: '#666' }}>数量</span>
                <NumberInput
                  min={1}
                  max={Math.max(1, maxRedeemQuantity(g))}
                  precision={0}
                  value={quantity}
                  onChange={(v) => setWanted(clampRedeemQuantity(g, v))}
                  aria-label="兑换数量"
                  style={{ width: 120 }}
                />
                <span style={{ color: '#666', fontSize: 13 }} data-testid="points-redeem-need">
                  共需 {pointsPriceText(g.pointsPrice * quantity, g.cashFen * quantity)}
                </span>
              </div>
            )}
            {user && balance.data ? (
              <div style={{ marginBottom: 12, color: '#6b6b6b' }} data-testid="points-detail-mine">
                我的积分 <strong style={{ color: '#7b5a98' }}>{balance.data.balance}</strong>
                {state.short > 0 ? (
                  <span style={{ color: '#ad4e00' }}>
                    ，还差 {state.short} 积分，
                    <Link to="/points" style={{ color: '#7b5a98' }}>
                      去签到赚积分
                    </Link>
                  </span>
                ) : null}
              </div>
            ) : null}
            {phone ? null : redeemButton}
            {g.unavailable ? null : (
              <div style={{ color: '#666', fontSize: 12, marginTop: 8 }}>
                兑换时扣除积分{g.cashFen > 0 ? '并支付现金部分' : ''}，运费与现金购买该商品相同；未付款取消的订单将退回积分。
              </div>
            )}
            <div style={{ marginTop: 16 }}>
              <Link to={`/goodsDetail?id=${g.goodsId}`} style={{ color: '#7b5a98' }}>
                查看商品详情 ›
              </Link>
            </div>
          </div>
        </div>
      </Panel>
      {phone ? (
        <StickyBar label="兑换栏">
          <div style={{ flex: 1, minWidth: 0, lineHeight: 1.3 }}>
            <div style={{ color: '#d4380d', fontWeight: 600 }}>{pointsPriceText(g.pointsPrice * quantity, g.cashFen * quantity)}</div>
            {user && balance.data ? <div style={{ color: '#666', fontSize: 12 }}>我的积分 {balance.data.balance}</div> : null}
          </div>
          {redeemButton}
        </StickyBar>
      ) : null}
    </div>
  );
}
