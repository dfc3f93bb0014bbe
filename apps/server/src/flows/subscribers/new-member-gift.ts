import type { MemberSubscriber } from '../../modules/accounts/index.ts';
import { giveNewMemberGift } from '../../modules/coupons/coupons.service.ts';

/** 新人礼包: the coupons of the new-member gift, given once as registration completes, in its transaction. */
export const newMemberGiftSubscriber: MemberSubscriber = {
  name: 'new-member-gift',
  registered: async (tx, { memberId }) => {
    await giveNewMemberGift(tx, memberId);
  },
};
