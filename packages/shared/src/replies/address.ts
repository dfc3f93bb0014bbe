/** An address of the member's book, as /member/trade/address/* and the checkout quote send it (presentAddress). */
export interface Address {
  id: string;
  receiverName: string;
  mobile: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string | null;
  districtName: string | null;
  detail: string;
  /** 北京市 朝阳区 建国路 1 号: the names joined as buyers write them. */
  fullAddress: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}
