import { useMemo, useState } from 'react';
import { App, Button } from 'antd';
import { NumberInput } from '../../../components/NumberInput.tsx';
import { HeartFilled, HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatFen } from '@mall/shared';
import { storage } from '../../../lib/storage.ts';
import { useSession } from '../../../lib/session.ts';
import { useAddToCart } from '../api/addToCart.ts';
import { useAddFavorite } from '../api/addFavorite.ts';
import { useFavoriteState } from '../api/checkFavorite.ts';
import { useRemoveFavorite } from '../api/removeFavorite.ts';
import { initialSelection, selectedSku, toggleValue, type Selection, type SpecDimension } from '../lib/sku.ts';
import type { GoodsDetail } from '../types.ts';
import { formatSales } from './GoodsCard.tsx';
import { DeliveryEstimate } from './DeliveryEstimate.tsx';
import { SkuPicker } from './SkuPicker.tsx';
import { useLoginPrompt } from './useLoginPrompt.ts';
import styles from './detail.module.css';

/** Price, SKU picker, stock, quantity and the buy buttons of the goods detail page. */
export function BuyBox({ goods }: { goods: GoodsDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const promptLogin = useLoginPrompt();
  const dims: SpecDimension[] = goods.specs;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(goods.skus, dims));
  const [quantity, setQuantity] = useState(1);
  const sku = useMemo(() => selectedSku(goods.skus, dims, selection), [goods.skus, dims, selection]);
  const price = sku?.price ?? goods.price;
  const marketPrice = sku?.marketPrice ?? goods.marketPrice;
  const soldOut = goods.stock <= 0;
  const missing = dims.filter((d) => !selection[d.name]).map((d) => d.name);

  const addToCart = useAddToCart();
  const favorite = useFavoriteState(goods.id, Boolean(user));
  const addFavorite = useAddFavorite();
  const removeFavorite = useRemoveFavorite();

  const pick = (dim: string, value: string) => {
    setSelection((s) => toggleValue(goods.skus, dims, s, dim, value));
    setQuantity(1);
  };

  /** The SKU to buy, or why there is none (said once, as a toast). */
  const ready = () => {
    if (!storage.hasTokens()) {
      promptLogin();
      return null;
    }
    if (!sku) {
      void message.warning(`请选择${missing.join('、') || '规格'}`);
      return null;
    }
    if (sku.stock <= 0) {
      void message.warning('该规格已售罄');
      return null;
    }
    return sku;
  };

  const onAdd = () => {
    const s = ready();
    if (!s) return;
    addToCart.mutate(
      { skuId: s.id, quantity },
      { onSuccess: (r) => void message.success(`已加入购物车，购物车共 ${r.count} 件商品`) },
    );
  };

  const onBuy = () => {
    const s = ready();
    if (s) void navigate(`/checkout?skuId=${s.id}&quantity=${quantity}`);
  };

  const onFavorite = () => {
    if (!storage.hasTokens()) return promptLogin();
    if (favorite.data) removeFavorite.mutate(goods.id, { onSuccess: () => void message.success('已取消收藏') });
    else addFavorite.mutate(goods.id, { onSuccess: () => void message.success('收藏成功') });
  };

  return (
    <div className={styles.buyBox}>
      <h1 className={styles.title}>{goods.name}</h1>
      {goods.subtitle ? <p className={styles.subtitle}>{goods.subtitle}</p> : null}
      <div className={styles.priceBox}>
        <div className={styles.row}>
          <span className={styles.label}>价格</span>
          <span className={styles.bigPrice} data-testid="detail-price">
            {formatFen(price)}
          </span>
          {marketPrice > price ? (
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
      <DeliveryEstimate goodsId={goods.id} skuId={sku?.id} quantity={quantity} />
      <SkuPicker skus={goods.skus} dims={dims} selection={selection} onPick={pick} />
      <div className={styles.row}>
        <span className={styles.label}>数量</span>
        <NumberInput
          min={1}
          max={Math.max(1, sku?.stock ?? 1)}
          precision={0}
          value={quantity}
          disabled={!sku || sku.stock <= 0}
          onChange={(v) => setQuantity(Math.max(1, Math.min(v ?? 1, sku?.stock ?? 1)))}
          aria-label="购买数量"
        />
        <span className={styles.stock} data-testid="detail-stock">
          {soldOut ? '商品已售罄' : sku ? (sku.stock > 0 ? `库存 ${sku.stock} 件` : '该规格已售罄') : `请选择${missing.join('、')}`}
        </span>
      </div>
      <div className={styles.actions}>
        <Button size="large" className={styles.buyNow} onClick={onBuy} disabled={soldOut}>
          立即购买
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<ShoppingCartOutlined />}
          onClick={onAdd}
          loading={addToCart.isPending}
          disabled={soldOut}
        >
          加入购物车
        </Button>
        <Button
          size="large"
          type="text"
          icon={favorite.data ? <HeartFilled style={{ color: '#d0252b' }} /> : <HeartOutlined />}
          onClick={onFavorite}
          loading={addFavorite.isPending || removeFavorite.isPending}
          aria-pressed={Boolean(favorite.data)}
          data-testid="favorite-toggle"
        >
          {favorite.data ? '已收藏' : '收藏'}
        </Button>
      </div>
      <ul className={styles.promise}>
        <li>正品保障</li>
        <li>七天无理由退货</li>
        <li>极速发货</li>
      </ul>
    </div>
  );
}
