import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimableCouponList, ClaimResult, CouponGoodsInfo, MemberCouponPage, MemberCouponTab } from '@mall/shared';
import { useLocation, useNavigate } from 'react-router';
import { useFeedback } from './feedback.ts';
import { request } from './request.ts';
import { useSession } from './session.ts';
import { storage } from './storage.ts';

/**
 * The buyer's coupon calls (issue 12), shared by the member area (我的优惠券, 领券中心), goods detail
 * (领券) and /couponGoodsList. Every amount and state is the server's; a claim refreshes them all.
 */
export const couponKeys = {
  all: ['coupons'] as const,
  center: (signedIn: boolean) => ['coupons', 'center', signedIn] as const,
  goods: (goodsId: number, signedIn: boolean) => ['coupons', 'goods', goodsId, signedIn] as const,
  my: (tab: MemberCouponTab, pageNum: number) => ['coupons', 'my', tab, pageNum] as const,
  goodsInfo: (couponId: string) => ['coupons', 'goodsInfo', couponId] as const,
};

export const MY_COUPONS_PAGE_SIZE = 10;

function useSignedIn() {
  const { user } = useSession();
  return Boolean(user) || storage.hasTokens();
}

/** 领券中心: what is on offer (visitors too), with this member's 已领取. */
export function useCouponCenter() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: couponKeys.center(signedIn),
    queryFn: () => request.get<ClaimableCouponList>('/member/promotion/coupon/center', undefined, { silent: true }),
    staleTime: 0,
  });
}

/** The goods detail's 领券 popover: coupons on offer whose scope covers this goods. */
export function useGoodsCoupons(goodsId: number, enabled = true) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: couponKeys.goods(goodsId, signedIn),
    queryFn: () => request.get<ClaimableCouponList>('/member/promotion/coupon/goods', { goodsId }, { silent: true }),
    enabled: enabled && goodsId > 0,
    staleTime: 30_000,
  });
}

export function useMyCoupons(tab: MemberCouponTab, pageNum: number) {
  return useQuery({
    queryKey: couponKeys.my(tab, pageNum),
    queryFn: () =>
      request.get<MemberCouponPage>('/member/promotion/coupon/my', { tab, pageNum, pageSize: MY_COUPONS_PAGE_SIZE }, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCouponGoodsInfo(couponId: string | null) {
  return useQuery({
    queryKey: couponKeys.goodsInfo(couponId ?? ''),
    queryFn: () => request.get<CouponGoodsInfo>('/member/promotion/coupon/goodsInfo', { couponId }, { silent: true }),
    enabled: Boolean(couponId),
    staleTime: 0,
  });
}

/**
 * 立即领取: a signed-out buyer is asked to sign in first (and comes back here); the server's answer
 * (领取成功, 已抢光, 限领…) is shown as it is, and every coupon list is read again.
 */
export function useClaimCoupon() {
  const client = useQueryClient();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSignedIn();
  const mutation = useMutation({
    mutationFn: (templateId: number) => request.post<ClaimResult>('/member/promotion/coupon/claim', { templateId }),
    onSuccess: () => message.success('领取成功'),
    onSettled: () => client.invalidateQueries({ queryKey: couponKeys.all }),
  });
  const claim = (templateId: number) => {
    if (!signedIn) {
      modal.confirm({
        title: '登录提示',
        content: '登录后即可领取优惠券，是否前往登录？',
        okText: '去登录',
        cancelText: '取消',
        onOk: () => void navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`),
      });
      return;
    }
    mutation.mutate(templateId);
  };
  return { claim, pendingId: mutation.isPending ? mutation.variables : undefined };
}
