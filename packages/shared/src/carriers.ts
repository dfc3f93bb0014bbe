/**
 * The carriers an operator ships with (订单发货). The order keeps the carrier's name, which is what
 * the buyer's order detail shows; the code is for the console's select and for later tracking
 * look-ups. Ordered as operators reach for them.
 */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运' },
  { code: 'ZTO', name: '中通快递' },
  { code: 'YTO', name: '圆通速递' },
  { code: 'YD', name: '韵达快递' },
  { code: 'STO', name: '申通快递' },
  { code: 'JD', name: '京东物流' },
  { code: 'EMS', name: '邮政EMS' },
  { code: 'YZPY', name: '中国邮政' },
  { code: 'JTSD', name: '极兔速递' },
  { code: 'DBL', name: '德邦快递' },
  { code: 'FWX', name: '丰网速运' },
  { code: 'KYSY', name: '跨越速运' },
] as const;

export type CarrierName = (typeof CARRIERS)[number]['name'];
export const CARRIER_NAMES: readonly string[] = CARRIERS.map((c) => c.name);

export function isCarrierName(name: string): name is CarrierName {
  return CARRIER_NAMES.includes(name);
}

/** A tracking number as carriers print them: letters, digits and dashes. */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]+$/;
