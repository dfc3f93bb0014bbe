import { Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import type { GoodsCardItem } from '../types.ts';
import styles from './assistant.module.css';

export const goodsHref = (goodsId: number) => `/goodsDetail?id=${goodsId}`;

/**
 * What 加入购物车 on a goods card asks the assistant: it answers with a confirm card naming the SKU
 * (or asks which one), so nothing enters the cart before the buyer confirms. The number lets it
 * find the very goods.
 */
export const addToCartQuestion = (g: Pick<GoodsCardItem, 'goodsId' | 'name'>) => `把「${g.name}」加入购物车（商品编号 ${g.goodsId}）`;

function Price({ goods }: { goods: GoodsCardItem }) {
  const now = goods.activityPriceFen ?? goods.priceFen;
  const struck = goods.activityPriceFen !== undefined ? goods.priceFen : goods.marketPriceFen;
  return (
    <span>
      <span className={styles.price}>{formatFen(now)}</span>{' '}
      {struck > now ? <del className={styles.muted}>{formatFen(struck)}</del> : null}
    </span>
  );
}

/** Goods the assistant found: picture, name and price linking to the goods, 已售, and 加入购物车. */
export function GoodsCards({ goods, onAsk, disabled }: { goods: GoodsCardItem[]; onAsk: (question: string) => void; disabled?: boolean }) {
  return (
    <ul className={styles.goodsGrid} aria-label="商品">
      {goods.map((g) => (
        <li key={g.goodsId} className={styles.goods} data-testid="assistant-goods">
          <Link to={goodsHref(g.goodsId)} className={styles.goodsLink}>
            {g.image ? <img className={styles.goodsImage} src={g.image} alt="" loading="lazy" /> : <span className={styles.goodsImage} />}
            <span className={styles.goodsName}>{g.name}</span>
          </Link>
          <Price goods={g} />
          <span className={styles.muted}>
            {g.stock > 0 ? `已售 ${g.sales} 件` : '已售罄'}
          </span>
          <Button
            size="small"
            icon={<ShoppingCartOutlined />}
            disabled={disabled || g.stock <= 0}
            onClick={() => onAsk(addToCartQuestion(g))}
            aria-label={`加入购物车：${g.name}`}
          >
            加入购物车
          </Button>
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
