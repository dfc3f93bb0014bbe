import { useState } from 'react';
import { Button } from 'antd';
import { BellFilled, BellOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { formatFen, type ActivityGoodsDetail } from '@mall/shared';
import { Crumbs } from '../../../components/Crumbs.tsx';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { StickyBar } from '../../../components/phone/StickyBar.tsx';
import { Slider } from '../../../components/Slider.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { formatTime } from '../../../lib/format.ts';
import { useRemind } from '../api/activityGoods.ts';
import { countdownOf } from '../../../lib/activityCountdown.ts';
import { actionOf, checkoutHref, maxQuantity, type ActivityAction } from '../lib/activityGoodsRules.ts';
import { Countdown } from '../../../components/Countdown.tsx';
import { Gallery } from '../../../components/Gallery.tsx';
import { GoodsImage } from '../../../components/GoodsCard.tsx';
import { useLoginPrompt } from '../../../lib/useLoginPrompt.ts';
import styles from './ActivityGoods.module.css';

interface Props {
  d: ActivityGoodsDetail;
  signedIn: boolean;
  reminded: boolean;
  /** The member withdrew consent to marketing messages (账户安全): 提醒我 says so and links there. */
  marketingOff: boolean;
  phone: boolean;
  /** The countdown reached the start or the end: ask the server again. */
  onMoment: () => void;
}

const windowText = (d: ActivityGoodsDetail) =>
  `${formatTime(d.startsAt, 'MM月DD日 HH:mm')} – ${formatTime(d.endsAt, 'MM月DD日 HH:mm')}`;

function Progress({ d }: { d: ActivityGoodsDetail }) {
  if (d.soldPercent === null || d.stockLeft === null) return null;
  return (
    <div className={styles.progress} data-testid="activity-progress">
      <span>已抢 {d.soldPercent}%</span>
      <span
        className={styles.bar}
        role="progressbar"
        aria-label="已抢比例"
        aria-valuenow={d.soldPercent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${d.soldPercent}%` }} />
      </span>
      <span data-testid="activity-left">{d.stockLeft > 0 ? `仅剩 ${d.stockLeft} 件` : '已抢光'}</span>
    </div>
  );
}

function LimitText({ d, signedIn }: { d: ActivityGoodsDetail; signedIn: boolean }) {
  if (d.perMemberLimit <= 0) return <span>不限购</span>;
  return (
    <span data-testid="activity-limit">
      每人限购 {d.perMemberLimit} 件{signedIn && d.memberLeft !== null ? `，您还可购买 ${d.memberLeft} 件` : ''}
    </span>
  );
}

/** The band with the phase and the countdown by the server's clock. */
function Band({ d, onMoment }: { d: ActivityGoodsDetail; onMoment: () => void }) {
  const cd = countdownOf(d.phase, d);
  return (
    <div className={styles.band}>
      <span className={styles.kind}>{d.kindText}</span>
      <span className={styles.phase} data-testid="activity-phase">
        {d.phaseText}
      </span>
      {cd ? (
        <Countdown key={cd.at} label={cd.label} at={cd.at} onReached={onMoment} testId="activity-countdown" />
      ) : (
        <span>活动已结束</span>
      )}
    </div>
  );
}

/** 提醒我 / 已设置提醒 / 立即抢购 / 已抢光 / 已结束, and what goes with it. */
function useActions(d: ActivityGoodsDetail, signedIn: boolean, reminded: boolean) {
  const navigate = useNavigate();
  const promptLogin = useLoginPrompt();
  const { message } = useFeedback();
  const remind = useRemind();
  const most = maxQuantity(d);
  const [quantity, setQuantity] = useState(1);
  const qty = Math.max(1, Math.min(quantity, Math.max(1, most)));
  const action = actionOf(d, reminded);
  const press = (a: ActivityAction) => {
    if (a.kind !== 'remind' && a.kind !== 'reminded' && a.kind !== 'buy') return;
    if (!signedIn) return promptLogin();
    if (a.kind === 'buy') return void navigate(checkoutHref(d, qty));
    const on = a.kind === 'remind';
    remind.mutate(
      { activityId: d.activityId, skuId: d.skuId, on },
      {
        onSuccess: (r) =>
          void message.success(on ? `已设置提醒，开抢前 ${r.minutesBefore ?? 5} 分钟短信通知您` : '已取消提醒'),
      },
    );
  };
  return { action, press, busy: remind.isPending, most, qty, setQuantity };
}

function MainButton({
  a,
  onPress,
  busy,
  block,
}: {
  a: ActivityAction;
  onPress: () => void;
  busy: boolean;
  block?: boolean;
}) {
  const live = a.kind === 'buy' || a.kind === 'remind';
  return (
    <Button
      size="large"
      type={live ? 'primary' : 'default'}
      danger={a.kind === 'buy'}
      block={block}
      className={a.kind === 'remind' || a.kind === 'reminded' ? styles.remindButton : styles.mainButton}
      icon={a.kind === 'remind' ? <BellOutlined /> : a.kind === 'reminded' ? <BellFilled /> : undefined}
      disabled={!live && a.kind !== 'reminded'}
      loading={busy}
      onClick={onPress}
      aria-label={a.kind === 'reminded' ? '已设置提醒，点击取消提醒' : undefined}
      data-testid="activity-action"
    >
      {a.label}
    </Button>
  );
}

function Quantity({ most, qty, onChange }: { most: number; qty: number; onChange: (n: number) => void }) {
  return (
    <NumberInput
      min={1}
      max={Math.max(1, most)}
      precision={0}
      value={qty}
      onChange={(v) => onChange(v ?? 1)}
      aria-label="购买数量"
      disabled={most <= 1}
    />
  );
}

/** 规格, 限购 and, while it can be bought, 数量: the same rows on both layouts. */
function BuyRows(p: {
  d: ActivityGoodsDetail;
  signedIn: boolean;
  buyable: boolean;
  most: number;
  qty: number;
  onQuantity: (n: number) => void;
}) {
  return (
    <>
      <div className={styles.row}>
        <span className={styles.label}>规格</span>
        <span>{p.d.specText || '默认'}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.label}>限购</span>
        <LimitText d={p.d} signedIn={p.signedIn} />
      </div>
      {p.buyable ? (
        <div className={styles.row}>
          <span className={styles.label}>数量</span>
          <Quantity most={p.most} qty={p.qty} onChange={p.onQuantity} />
        </div>
      ) : null}
    </>
  );
}

/** /activityGoodsDetail once loaded: a PC page (gallery beside the buy box) or a phone page with a sticky bar. */
/** Under 提醒我: what it does, or, with marketing messages off, why no reminder can come and where to turn them on. */
function RemindHint({ reminded, marketingOff }: { reminded: boolean; marketingOff: boolean }) {
  if (marketingOff && !reminded) {
    return (
      <p className={styles.hint} data-testid="activity-marketing-off">
        您已关闭营销消息，不会收到开抢短信提醒。
        <Link to="/user/member/settings" style={{ whiteSpace: 'nowrap' }}>
          去账户安全开启
        </Link>
      </p>
    );
  }
  return <p className={styles.hint}>{reminded ? '已设置提醒，开抢前将短信通知您；再次点击可取消' : '开抢前短信提醒您，不错过好价'}</p>;
}

export function ActivityGoodsView({ d, signedIn, reminded, marketingOff, phone, onMoment }: Props) {
  const { action, press, busy, most, qty, setQuantity } = useActions(d, signedIn, reminded);
  // After the sale (ended or sold out) the goods at its usual price.
  const goodsLink =
    action.kind === 'ended' || action.kind === 'soldOut' ? (
      <Link to={`/goodsDetail?id=${d.goodsId}`} className={styles.goodsLink} data-testid="activity-goods-link">
        查看商品详情 ›
      </Link>
    ) : null;
  const buyRows = (
    <BuyRows d={d} signedIn={signedIn} buyable={action.kind === 'buy'} most={most} qty={qty} onQuantity={setQuantity} />
  );
  const hint =
    action.kind === 'remind' || action.kind === 'reminded' ? (
      <RemindHint reminded={action.kind === 'reminded'} marketingOff={marketingOff} />
    ) : action.kind === 'ended' ? (
      <p className={styles.hint}>活动已结束，可按原价购买该商品</p>
    ) : null;

  if (phone) {
    return (
      <div className={styles.phonePage} data-testid="activity-goods">
        <Slider label="商品图片" className={styles.phoneGallery}>
          {(d.images.length ? d.images : [null]).map((src, i) => (
            <div key={src ?? i} className={styles.slide}>
              <GoodsImage src={src} alt={`${d.goodsName} 第 ${i + 1} 张图片`} />
            </div>
          ))}
        </Slider>
        <div className={styles.phoneBand}>
          <div>
            <span className={styles.phonePrice} data-testid="activity-price">
              {formatFen(d.activityPriceFen)}
            </span>
            <del className={styles.phoneUsual} data-testid="activity-usual-price">
              {formatFen(d.usualPriceFen)}
            </del>
          </div>
          <Band d={d} onMoment={onMoment} />
        </div>
        <section className={styles.card}>
          <h1 className={styles.title}>{d.goodsName}</h1>
          {d.subtitle ? <p className={styles.subtitle}>{d.subtitle}</p> : null}
          <Progress d={d} />
        </section>
        <section className={styles.card}>
          <div className={styles.row}>
            <span className={styles.label}>活动</span>
            <span>
              {d.title}
              <br />
              <span className={styles.muted}>{windowText(d)}</span>
            </span>
          </div>
          {buyRows}
          {hint}
          {goodsLink}
        </section>
        <StickyBar label="抢购操作" testId="activity-bar">
          <div className={styles.barPrice}>
            <span className={styles.barAmount}>{formatFen(d.activityPriceFen)}</span>
            <span className={styles.muted}>{d.kindText}价</span>
          </div>
          <MainButton a={action} onPress={() => press(action)} busy={busy} block />
        </StickyBar>
      </div>
    );
  }

  return (
    <div data-testid="activity-goods">
      <Crumbs
        className={styles.crumbs}
        items={[<Link to="/">首页</Link>, d.kindText, <span className={styles.crumbName}>{d.goodsName}</span>]}
      />
      <div className={styles.panel}>
        <Gallery images={d.images} alt={d.goodsName} />
        <div className={styles.info}>
          <h1 className={styles.title}>{d.goodsName}</h1>
          {d.subtitle ? <p className={styles.subtitle}>{d.subtitle}</p> : null}
          <Band d={d} onMoment={onMoment} />
          <div className={styles.priceBox}>
            <div className={styles.row}>
              <span className={styles.label}>{d.kindText}价</span>
              <span className={styles.bigPrice} data-testid="activity-price">
                {formatFen(d.activityPriceFen)}
              </span>
              <span className={styles.muted}>
                原价 <del data-testid="activity-usual-price">{formatFen(d.usualPriceFen)}</del>
              </span>
            </div>
            <Progress d={d} />
          </div>
          <div className={styles.row}>
            <span className={styles.label}>活动</span>
            <span>
              {d.title} <span className={styles.muted}>{windowText(d)}</span>
            </span>
          </div>
          {buyRows}
          <div className={styles.actions}>
            <MainButton a={action} onPress={() => press(action)} busy={busy} />
            {goodsLink}
          </div>
          {hint}
        </div>
      </div>
    </div>
  );
}
