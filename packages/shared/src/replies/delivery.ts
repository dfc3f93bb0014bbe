/** 配送至 on the goods detail: GET /member/goods/delivery/estimate, as the server decides it. */

/** Where the region lies from the ship-from province: the same one, another, or a remote one. */
export type DeliveryRegionKind = 'same' | 'other' | 'remote';

export interface DeliveryEstimate {
  goodsId: number;
  /** The SKU priced; null when none was chosen (the goods' lowest price is used). */
  skuId: number | null;
  quantity: number;
  region: {
    provinceCode: string;
    provinceName: string;
    cityCode: string;
    cityName: string;
    districtCode: string;
    districtName: string;
    /** 浙江省 杭州市 西湖区 */
    text: string;
  };
  /** Fen. */
  freight: number;
  /** 免运费 or ¥10.00 */
  freightText: string;
  /** 满 ¥99.00 免运费, or null when every order ships free or this one already does. */
  freightHint: string | null;
  regionKind: DeliveryRegionKind;
  days: number;
  shipsToday: boolean;
  arrivalDate: string;
  /** 16:00 前下单，预计明天（11月26日）送达 */
  estimateText: string;
}
