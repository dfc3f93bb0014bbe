/** A member as a picker lists it: the name the member goes by and the (masked) mobile. */
export const memberLabel = (m: { nickname: string | null; username: string | null; mobile: string }) =>
  `${m.nickname || m.username || '未命名会员'} · ${m.mobile || '未绑定手机'}`;
