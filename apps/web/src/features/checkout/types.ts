/** What the goods of a checkout come from: chosen cart lines, or 立即购买 of one SKU. */
export type CheckoutSource = { cartItemIds: string[] } | { buyNow: { skuId: number; quantity: number } };

/**
 * Reads the source from the page's query: `cartItemIds=a,b` (or repeated keys), else
 * `skuId=&quantity=` from the goods page's 立即购买. Undefined when neither is usable.
 */
export function sourceFromQuery(params: URLSearchParams): CheckoutSource | undefined {
  const ids = params
    .getAll('cartItemIds')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.length) return { cartItemIds: [...new Set(ids)] };
  const skuId = Number(params.get('skuId'));
  const quantity = Number(params.get('quantity') ?? '1');
  if (Number.isInteger(skuId) && skuId > 0 && Number.isInteger(quantity) && quantity > 0) return { buyNow: { skuId, quantity } };
  return undefined;
}
