import { Code, formatFen, type DeliveryEstimate } from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { goodsDetail } from '../modules/catalog/catalog.service.ts';
import { resolveRegion } from '../modules/address/index.ts';
import { arrivalEstimate } from '../modules/delivery/index.ts';
import { priceOrder } from '../modules/pricing/index.ts';
import { getSetting } from '../modules/site/site.service.ts';
import { freightRule } from './checkout.ts';

/**
 * The goods detail's 配送至: what delivering this goods (this SKU, this many) to a region costs and
 * when it arrives. Freight comes from the checkout's own pricing pipeline and `freight` setting, so the
 * page and the order agree; the arrival day from the `delivery` setting (arrival-estimate.ts).
 */
export interface DeliveryQuoteInput {
  goodsId: number;
  skuId?: number;
  quantity: number;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
}

export async function deliveryQuote(
  ctx: AppContext,
  input: DeliveryQuoteInput,
  now = new Date(),
): Promise<DeliveryEstimate> {
  const region = resolveRegion(input.provinceCode, input.cityCode, input.districtCode);
  if (typeof region === 'string') throw badRequest(region);
  const goods = await goodsDetail(ctx, input.goodsId);
  let unitPrice = goods.price;
  if (input.skuId !== undefined) {
    const sku = goods.skus.find((s) => s.id === input.skuId);
    if (!sku) throw new AppError(Code.NOT_FOUND, '该商品没有这个规格');
    unitPrice = sku.price;
  }
  const [freight, rule] = await Promise.all([freightRule(ctx), getSetting(ctx, 'delivery')]);
  const quote = priceOrder({
    lines: [{ skuId: String(input.skuId ?? 0), quantity: input.quantity, unitPrice }],
    freight,
  });
  const estimate = arrivalEstimate(rule, region.provinceCode, now);
  return {
    goodsId: goods.id,
    skuId: input.skuId ?? null,
    quantity: input.quantity,
    region: { ...region, text: `${region.provinceName} ${region.cityName} ${region.districtName}` },
    freight: quote.freight,
    freightText: quote.freight === 0 ? '免运费' : formatFen(quote.freight),
    freightHint: quote.freight > 0 && freight.freeFromFen > 0 ? `满 ${formatFen(freight.freeFromFen)} 免运费` : null,
    regionKind: estimate.kind,
    days: estimate.days,
    shipsToday: estimate.shipsToday,
    arrivalDate: estimate.arrivalDate,
    estimateText: estimate.text,
  };
}
