/** An address as /member/trade/address/* answers it. */
export interface Address {
  id: string;
  receiverName: string;
  mobile: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  detail: string;
  fullAddress: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AddressInput {
  receiverName: string;
  mobile: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
  isDefault?: boolean;
}

/** Province → city → district (GB/T 2260), shaped for antd's Cascader. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** The server's limit (address.service MAX_ADDRESSES). */
export const MAX_ADDRESSES = 20;
