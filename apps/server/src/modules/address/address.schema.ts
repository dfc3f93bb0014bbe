import { z } from 'zod';
import { MOBILE_PATTERN } from '@mall/shared';
import { flag, text } from '../../lib/validation.ts';

/** Printed on parcel labels: no emoji (couriers' systems drop them) and no markup. */
const EMOJI = /\p{Extended_Pictographic}/u;
const labelText = (label: string, max: number) =>
  text(label, { min: 1, max })
    .refine((v) => !EMOJI.test(v), `${label}不能包含表情符号`)
    .refine((v) => !/[<>]/.test(v), `${label}不能包含 < 或 > 符号`);

/** Ids that the buyer sends back; a wrong shape is simply "not found". */
export const addressId = text('收货地址', { min: 1, max: 64 });

const fields = {
  receiverName: labelText('收货人', 20),
  mobile: text('手机号', { min: 1, max: 11, pattern: MOBILE_PATTERN, patternMessage: '手机号格式不正确' }),
  provinceCode: text('所在省份', { min: 1, max: 12, pattern: /^\d+$/, patternMessage: '所在省份不正确' }),
  cityCode: text('所在城市', { min: 1, max: 12, pattern: /^\d+$/, patternMessage: '所在城市不正确' }),
  districtCode: text('所在区县', { min: 1, max: 12, pattern: /^\d+$/, patternMessage: '所在区县不正确' }),
  detail: labelText('详细地址', 120),
  isDefault: flag('默认地址').optional(),
};

export const createAddressBody = z.object(fields);
export const updateAddressBody = z.object({ id: addressId, ...fields });
export const addressIdBody = z.object({ id: addressId });
export type AddressInput = z.output<typeof createAddressBody>;
