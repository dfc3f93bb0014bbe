/**
 * What the goods of a checkout come from: chosen cart lines, 立即购买 of one SKU, or 立即兑换 of a
 * points-mall goods (a redemption: paid in points, plus its cash part if any).
 */
export type CheckoutSource =
  | { cartItemIds: string[] }
  | { buyNow: { skuId: number; quantity: number; activityId?: number } }
  | { pointsMall: { id: number; quantity: number } };

const wholeAbove0 = (v: number) => Number.isSafeInteger(v) && v > 0;

/**
 * Reads the source from the page's query: `cartItemIds=a,b` (or repeated keys), else `mallId=&quantity=`
 * from a points-mall goods' 立即兑换, else `skuId=&quantity=` from the goods page's 立即购买 (quantity
 * defaults to 1), with `activityId=` from a 秒杀's 立即抢购 (its price, units and limit). Undefined when none is usable.
 */
export function sourceFromQuery(params: URLSearchParams): CheckoutSource | undefined {
  const ids = params
    .getAll('cartItemIds')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length) return { cartItemIds: [...new Set(ids)] };
  const quantity = Number(params.get('quantity') ?? '1');
  if (params.has('mallId')) {
    const id = Number(params.get('mallId'));
    return wholeAbove0(id) && wholeAbove0(quantity) ? { pointsMall: { id, quantity } } : undefined;
  }
  const skuId = Number(params.get('skuId'));
  if (!wholeAbove0(skuId) || !wholeAbove0(quantity)) return undefined;
  if (!params.has('activityId')) return { buyNow: { skuId, quantity } };
  const activityId = Number(params.get('activityId'));
  return wholeAbove0(activityId) ? { buyNow: { skuId, quantity, activityId } } : undefined;
}

