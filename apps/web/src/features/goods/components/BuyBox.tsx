import { Button } from 'antd';
import { PlainNumberInput } from '../../../components/PlainNumberInput.tsx';
import { AskAssistant } from '../../../components/AskAssistant.tsx';
import { HeartFilled, HeartOutlined, ShopOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { formatFen } from '@mall/shared';
import type { GoodsDetail } from '../types.ts';
import { formatSales } from '../../../components/GoodsCard.tsx';
import { ActivityGoodsBanner, useDiscountedPrice } from './ActivityGoodsBanner.tsx';
import { DeliveryEstimate } from './DeliveryEstimate.tsx';
import { GoodsCoupons } from './GoodsCoupons.tsx';
import { SkuPicker } from './SkuPicker.tsx';
import { useBuyActions } from './useBuyActions.ts';
import styles from './detail.module.css';

/** Price, SKU picker, stock, quantity and the buy buttons of the goods detail page. */
export function BuyBox({ goods }: { goods: GoodsDetail }) {
  const buy = useBuyActions(goods);
  const { dims, selection, sku, quantity, marketPrice, soldOut, missing } = buy;
  // A running 限时折扣 prices the SKU here as the cart and the checkout do.
  const discount = useDiscountedPrice(goods.id, sku?.id, buy.price);
  const price = discount?.priceFen ?? buy.price;

  return (
    <div className={styles.buyBox}>
      <h1 className={styles.title}>{goods.name}</h1>
      {goods.subtitle ? <p className={styles.subtitle}>{goods.subtitle}</p> : null}
      {goods.store ? (
        <p className={styles.store} data-testid="detail-store">
          <ShopOutlined /> 店铺：{goods.store.name}
        </p>
      ) : null}
      <div className={styles.priceBox}>
        <div className={styles.row}>
          <span className={styles.label}>价格</span>
          <span className={styles.bigPrice} data-testid="detail-price">
            {formatFen(price)}
          </span>
          {discount ? (
            <span className={styles.market}>
              原价 <del data-testid="detail-usual-price">{formatFen(discount.usualFen)}</del>
            </span>
          ) : marketPrice > price ? (
            <span className={styles.market}>
              市场价 <del>{formatFen(marketPrice)}</del>
            </span>
          ) : null}
          <span className={styles.sales}>累计销量 {formatSales(goods.sales)}</span>
        </div>
        {goods.brand ? (
          <div className={styles.row}>
            <span className={styles.label}>品牌</span>
            <span>{goods.brand.name}</span>
          </div>
        ) : null}
      </div>
      <ActivityGoodsBanner goodsId={goods.id} skuId={sku?.id} variant="pc" />
      <GoodsCoupons goodsId={goods.id} variant="pc" />
      <DeliveryEstimate goodsId={goods.id} skuId={sku?.id} quantity={quantity} />
      <SkuPicker skus={goods.skus} dims={dims} selection={selection} onPick={buy.pick} />
      <div className={styles.row}>
        <span className={styles.label}>数量</span>
        <PlainNumberInput
          stepper
          min={1}
          max={Math.max(1, sku?.stock ?? 1)}
          value={quantity}
          disabled={!sku || sku.stock <= 0}
          onChange={buy.changeQuantity}
          aria-label="购买数量"
        />
        <span className={styles.stock} data-testid="detail-stock">
          {soldOut ? '商品已售罄' : sku ? (sku.stock > 0 ? `库存 ${sku.stock} 件` : '该规格已售罄') : `请选择${missing.join('、')}`}
        </span>
      </div>
      <div className={styles.actions}>
        <Button size="large" className={styles.buyNow} onClick={buy.buy} disabled={soldOut}>
          立即购买
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<ShoppingCartOutlined />}
          onClick={() => buy.add()}
          loading={buy.adding}
          disabled={soldOut}
        >
          加入购物车
        </Button>
        <Button
          size="large"
          type="text"
          icon={buy.favorite ? <HeartFilled style={{ color: '#d0252b' }} /> : <HeartOutlined />}
          onClick={buy.toggleFavorite}
          loading={buy.favoriteBusy}
          aria-pressed={buy.favorite}
          data-testid="favorite-toggle"
        >
          {buy.favorite ? '已收藏' : '收藏'}
        </Button>
        <AskAssistant goodsId={goods.id} />
      </div>
      <ul className={styles.promise}>
        <li>正品保障</li>
        <li>七天无理由退货</li>
        <li>极速发货</li>
      </ul>
    </div>
  );
}
