import { Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import { activityGoodsHref } from '../../../lib/catalogLinks.ts';
import type { GoodsCardItem } from '../types.ts';
import styles from './assistant.module.css';

export const goodsHref = (goodsId: number) => `/goodsDetail?id=${goodsId}`;

/**
 * What 加入购物车 on a goods card of the latest answer asks the assistant: the goods by its place among
 * the goods that answer showed (第3个), as the buyer would say it. The assistant answers with a confirm
 * card naming the SKU (or asks which one), so nothing enters the cart before the buyer confirms.
 */
export const addToCartQuestion = (position: number) => `把第${position}个加入购物车`;

/** The price now: a running activity's, named (秒杀价 / 限时价), with the usual one struck through. */
function Price({ goods }: { goods: GoodsCardItem }) {
  const now = goods.activityPriceFen ?? goods.priceFen;
  const struck = goods.activityPriceFen !== undefined ? goods.priceFen : goods.marketPriceFen;
  return (
    <span>
      {goods.activityPriceFen !== undefined && goods.activity ? (
        <span className={styles.activityLabel} data-testid="assistant-goods-activity">
          {goods.activity.priceLabel}
        </span>
      ) : null}
      <span className={styles.price} data-testid="assistant-goods-price">
        {formatFen(now)}
      </span>{' '}
      {struck > now ? <del className={styles.muted}>{formatFen(struck)}</del> : null}
    </span>
  );
}

/**
 * Goods the assistant found: picture, name and price linking to the goods (a 秒杀 also to its own
 * page), 已售, and 加入购物车. On the latest answer 加入购物车 asks the assistant (`first` is the position
 * of this card's first goods among that answer's goods); on an older one it leads to the goods page,
 * where the buyer picks the SKU.
 */
export function GoodsCards({
  goods,
  onAsk,
  first,
  disabled,
}: {
  goods: GoodsCardItem[];
  onAsk: (question: string) => void;
  /** null on an older answer, whose places the assistant no longer refers to. */
  first: number | null;
  disabled?: boolean;
}) {
  return (
    <ul className={styles.goodsGrid} aria-label="商品">
      {goods.map((g, i) => (
        <li key={g.goodsId} className={styles.goods} data-testid="assistant-goods">
          <Link to={goodsHref(g.goodsId)} className={styles.goodsLink}>
            {g.image ? <img className={styles.goodsImage} src={g.image} alt="" loading="lazy" /> : <span className={styles.goodsImage} />}
            <span className={styles.goodsName}>{g.name}</span>
          </Link>
          <Price goods={g} />
          {g.activity?.kind === 'FLASH_SALE' ? (
            // a 秒杀 is bought on its own page, not through the cart
            <Link to={activityGoodsHref(g.activity)} aria-label={`去抢购：${g.name}`}>
              去抢购
            </Link>
          ) : null}
          <span className={styles.muted}>{g.stock > 0 ? `已售 ${g.sales} 件` : '已售罄'}</span>
          {first === null ? (
            <Link to={goodsHref(g.goodsId)} aria-label={`去选购：${g.name}`}>
              去选购
            </Link>
          ) : (
            <Button
              size="small"
              icon={<ShoppingCartOutlined />}
              disabled={disabled || g.stock <= 0}
              onClick={() => onAsk(addToCartQuestion(first + i))}
              aria-label={`加入购物车：${g.name}`}
            >
              加入购物车
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Goods side by side, field by field (the rows are the server's, from the goods' data). */
export function CompareCard({ goods, rows }: { goods: GoodsCardItem[]; rows: { label: string; values: string[] }[] }) {
  return (
    <div className={`${styles.card} ${styles.compare}`} data-testid="assistant-compare">
      <table>
        <caption className={styles.cardTitle} style={{ textAlign: 'left' }}>
          商品对比
        </caption>
        <thead>
          <tr>
            <th scope="col">对比项</th>
            {goods.map((g) => (
              <th key={g.goodsId} scope="col">
                <Link to={goodsHref(g.goodsId)}>{g.name}</Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">价格</th>
            {goods.map((g) => (
              <td key={g.goodsId}>
                <Price goods={g} />
              </td>
            ))}
          </tr>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {goods.map((g, i) => (
                <td key={g.goodsId}>{row.values[i] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
