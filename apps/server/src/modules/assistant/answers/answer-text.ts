import { formatFen } from '@mall/shared';
import { shanghaiDay } from '../../../lib/ids.ts';
import type { GoodsActivity, GoodsCardItem } from '../cards.ts';

/**
 * Small pieces of the offline answers' Chinese. Every figure they print is handed in from a tool
 * result of the turn: nothing here knows a price, a stock count or a status of its own.
 */

export const yuan = formatFen;

/** 11月28日 in Asia/Shanghai, the buyer's calendar. */
export function dayText(iso: string): string {
  if (!iso) return '';
  const [, month, day] = shanghaiDay(new Date(iso)).split('-');
  return `${Number(month)}月${Number(day)}日`;
}

/**
 * The last day something can still be used when it ends at `iso`: points that expire at midnight
 * starting 1 January are good through 31 December, and the buyer is told 12月31日.
 */
export function lastDayText(endsAt: string): string {
  return endsAt ? dayText(new Date(Date.parse(endsAt) - 1).toISOString()) : '';
}

export function stockText(stock: number): string {
  return stock > 0 ? `库存 ${stock} 件` : '已售罄';
}

/** ¥59.00（秒杀价 ¥29.00）or ¥59.00（限时价 ¥50.15）: the usual price, and a running activity's beside it. */
export function priceText(g: { priceFen: number; activityPriceFen?: number; activity?: GoodsActivity }): string {
  if (g.activityPriceFen === undefined) return yuan(g.priceFen);
  return `${yuan(g.priceFen)}（${g.activity?.priceLabel ?? '活动价'} ${yuan(g.activityPriceFen)}）`;
}

export function goodsLine(g: GoodsCardItem, n: number): string {
  return `${n}. ${g.name}：${priceText(g)}，${stockText(g.stock)}，已售 ${g.sales} 件`;
}

/** A name from the shop's data, kept on one line and short, so it reads as a name and nothing more. */
export function nameOf(text: string, max = 40): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const chars = [...oneLine];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : oneLine;
}
