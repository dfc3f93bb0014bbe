import { Button } from 'antd';
import { formatFen } from '@mall/shared';
import { BottomSheet } from '../../../../components/phone/BottomSheet.tsx';
import { NumberInput } from '../../../../components/NumberInput.tsx';
import type { GoodsDetail } from '../../types.ts';
import { useDiscountedPrice } from '../ActivityGoodsBanner.tsx';
import { GoodsImage } from '../../../../components/GoodsCard.tsx';
import { SkuPicker } from '../SkuPicker.tsx';
import type { BuyActions } from '../useBuyActions.ts';
import styles from './phone.module.css';

/** Which bar button opened the sheet: its confirm button does that; 已选 offers both. */
export type SheetMode = 'cart' | 'buy' | 'both';

/** The phone SKU sheet: picture, price, stock, the spec groups, quantity and the confirm button(s). */
export function SkuSheet({
  goods,
  buy,
  mode,
  onClose,
}: {
  goods: GoodsDetail;
  buy: BuyActions;
  mode: SheetMode | null;
  onClose: () => void;
}) {
  const { sku, soldOut, missing } = buy;
  const discount = useDiscountedPrice(goods.id, sku?.id, buy.price);
  const stockText = soldOut
    ? '商品已售罄'
    : sku
      ? sku.stock > 0
        ? `库存 ${sku.stock} 件`
        : '该规格已售罄'
      : `请选择${missing.join('、')}`;
  const addButton = (
    <Button size="large" block className={styles.addButton} loading={buy.adding} disabled={soldOut} onClick={() => buy.add(onClose)}>
      加入购物车
    </Button>
  );
  const buyButton = (
    <Button size="large" block type="primary" className={styles.buyButton} disabled={soldOut} onClick={buy.buy}>
      立即购买
    </Button>
  );
  return (
    <BottomSheet
      open={mode !== null}
      title="选择规格"
      onClose={onClose}
      footer={
        <div className={styles.sheetActions}>
          {mode !== 'buy' ? addButton : null}
          {mode !== 'cart' ? buyButton : null}
        </div>
      }
    >
      <div className={styles.sheetHead}>
        <div className={styles.sheetThumb}>
          <GoodsImage src={goods.images[0]} alt={goods.name} />
        </div>
        <div className={styles.sheetInfo}>
          <span className={styles.price} data-testid="sheet-price">
            {formatFen(discount?.priceFen ?? buy.price)}
          </span>
          <span className={styles.muted} data-testid="sheet-stock">
            {stockText}
          </span>
        </div>
      </div>
      <div className={styles.sheetSpecs}>
        <SkuPicker skus={goods.skus} dims={buy.dims} selection={buy.selection} onPick={buy.pick} />
      </div>
      <div className={styles.sheetRow}>
        <span>购买数量</span>
        <NumberInput
          min={1}
          max={Math.max(1, sku?.stock ?? 1)}
          precision={0}
          value={buy.quantity}
          disabled={!sku || sku.stock <= 0}
          onChange={buy.changeQuantity}
          aria-label="购买数量"
        />
      </div>
    </BottomSheet>
  );
}
