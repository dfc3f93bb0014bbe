export interface AddressInput {
  receiverName: string;
  mobile: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
  isDefault?: boolean;
}

/** The server's limit (address.service MAX_ADDRESSES). */
export const MAX_ADDRESSES = 20;
