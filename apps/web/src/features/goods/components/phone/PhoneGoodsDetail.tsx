import { useState } from 'react';
import { Button, Descriptions, Tabs } from 'antd';
import { HeartFilled, HeartOutlined, RightOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import { StickyBar } from '../../../../components/phone/StickyBar.tsx';
import { AskAssistant } from '../../../../components/AskAssistant.tsx';
import { useCartPieces } from '../../../../lib/cartCount.ts';
import { CountBadge } from '../../../../components/CountBadge.tsx';
import { Slider } from '../../../../components/Slider.tsx';
import { storage } from '../../../../lib/storage.ts';
import type { GoodsDetail } from '../../types.ts';
import { ActivityGoodsBanner, useDiscountedPrice } from '../ActivityGoodsBanner.tsx';
import { DeliveryEstimate } from '../DeliveryEstimate.tsx';
import { DetailBody } from '../DetailBody.tsx';
import { GoodsImage, formatSales } from '../../../../components/GoodsCard.tsx';
import { GoodsCoupons } from '../GoodsCoupons.tsx';
import { reviewsTab } from '../reviewsTab.tsx';
import { SkuSheet, type SheetMode } from './SkuSheet.tsx';
import { useBuyActions } from '../useBuyActions.ts';
import styles from './phone.module.css';

/**
 * The goods detail below 768 px, as H5 shops lay it out: a swipeable gallery, price, title, the
 * 已选 row opening the SKU sheet, 配送至, the 详情/评价 tabs, and a sticky bar with 收藏, 购物车,
 * 加入购物车 and 立即购买.
 */
export function PhoneGoodsDetail({ goods }: { goods: GoodsDetail }) {
  const buy = useBuyActions(goods);
  const cart = useCartPieces();
  const [sheet, setSheet] = useState<SheetMode | null>(null);
  // Signed out, the bar's buy buttons ask to sign in first (as the PC BuyBox does); 已选 still opens.
  const open = (mode: SheetMode) => (mode === 'both' || storage.hasTokens() ? setSheet(mode) : buy.promptLogin());
  // A running 限时折扣 prices the SKU here as the cart and the checkout do.
  const discount = useDiscountedPrice(goods.id, buy.sku?.id, buy.price);
  const price = discount?.priceFen ?? buy.price;
  const struck = discount?.usualFen ?? buy.marketPrice;
  const chosen = buy.sku ? Object.values(buy.sku.specs).join(' / ') : `请选择${buy.missing.join('、')}`;

  return (
    <div className={styles.page} data-testid="phone-goods">
      <Slider label="商品图片" className={styles.gallery}>
        {(goods.images.length ? goods.images : [null]).map((src, i) => (
          <div key={src ?? i} className={styles.slide}>
            <GoodsImage src={src} alt={`${goods.name} 第 ${i + 1} 张图片`} />
          </div>
        ))}
      </Slider>

      <section className={styles.card}>
        <div className={styles.priceLine}>
          <span className={styles.bigPrice} data-testid="detail-price">
            {formatFen(price)}
          </span>
          {struck > price ? <del className={styles.muted}>{formatFen(struck)}</del> : null}
          <span className={`${styles.muted} ${styles.sales}`}>累计销量 {formatSales(goods.sales)}</span>
        </div>
        <ActivityGoodsBanner goodsId={goods.id} skuId={buy.sku?.id} variant="phone" />
        <h1 className={styles.title}>{goods.name}</h1>
        {goods.subtitle ? <p className={styles.subtitle}>{goods.subtitle}</p> : null}
        {goods.store ? (
          <p className={`${styles.muted} ${styles.store}`} data-testid="detail-store">
            店铺：{goods.store.name}
          </p>
        ) : null}
        <AskAssistant goodsId={goods.id} />
      </section>

      <section className={styles.card}>
        <button type="button" className={styles.cellRow} onClick={() => open('both')} data-testid="chosen-spec">
          <span className={styles.cellLabel}>已选</span>
          <span className={styles.cellValue}>
            {chosen}，{buy.quantity} 件
          </span>
          <RightOutlined aria-hidden className={styles.muted} />
        </button>
        <GoodsCoupons goodsId={goods.id} variant="phone" />
        <DeliveryEstimate
          variant="phone"
          className={styles.cellRow}
          goodsId={goods.id}
          skuId={buy.sku?.id}
          quantity={buy.quantity}
        />
        <div className={styles.cellRow}>
          <span className={styles.cellLabel}>服务</span>
          <span className={styles.cellValue}>正品保障 · 七天无理由退货 · 极速发货</span>
        </div>
      </section>

      <section className={styles.card}>
        <Tabs
          centered
          items={[
            {
              key: 'detail',
              label: '商品详情',
              children: (
                <>
                  <Descriptions
                    size="small"
                    column={1}
                    bordered
                    className={styles.params}
                    items={goods.params.map((p, i) => ({ key: i, label: p.name, children: p.value }))}
                  />
                  <DetailBody blocks={goods.detail} />
                </>
              ),
            },
            reviewsTab(goods.id),
          ]}
        />
      </section>

      <StickyBar label="购买操作" testId="goods-bar">
        <button
          type="button"
          className={styles.iconAction}
          onClick={buy.toggleFavorite}
          disabled={buy.favoriteBusy}
          aria-pressed={buy.favorite}
          data-testid="favorite-toggle"
        >
          {buy.favorite ? <HeartFilled style={{ color: '#d0252b' }} /> : <HeartOutlined />}
          <span>{buy.favorite ? '已收藏' : '收藏'}</span>
        </button>
        <Link to="/cart" className={styles.iconAction} aria-label={cart.label}>
          <CountBadge count={cart.count}>
            <ShoppingCartOutlined />
          </CountBadge>
          <span>购物车</span>
        </Link>
        <div className={styles.barButtons}>
          <Button className={styles.addButton} disabled={buy.soldOut} onClick={() => open('cart')}>
            加入购物车
          </Button>
          <Button type="primary" className={styles.buyButton} disabled={buy.soldOut} onClick={() => open('buy')}>
            立即购买
          </Button>
        </div>
      </StickyBar>

      <SkuSheet goods={goods} buy={buy} mode={sheet} onClose={() => setSheet(null)} />
    </div>
  );
}
