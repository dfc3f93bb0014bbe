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
