/** The member roles as the 会员 screens name them. */
export const MEMBER_ROLE_NAMES: Record<string, string> = { member: '会员', distributor: '分销员', supplier: '供应商' };
