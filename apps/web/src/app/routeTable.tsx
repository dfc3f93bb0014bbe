import type { ReactNode } from 'react';
import { lazyScreen, type LazyScreen } from './lazyScreen.tsx';

/**
 * The route map of spec §2 as data: the router is built from it, and the member area's menu reads
 * its `user` subtree. Every screen is its own lazily loaded chunk.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  /** Chinese document title and menu label. */
  title?: string;
  screen?: LazyScreen;
  element?: ReactNode;
  /** Behind the authentication wrapper (conventions). */
  auth?: boolean;
  /** Not shown in menus (detail routes). */
  hidden?: boolean;
  /** Where the group's own path leads; by default its first visible child. */
  indexRedirect?: string;
  children?: AppRoute[];
}

const s = {
  Home: lazyScreen(() => import('../features/home/screens/HomePage.tsx')),
  OldHome: lazyScreen(() => import('../features/home/screens/OldHomePage.tsx')),
  GoodsList: lazyScreen(() => import('../features/search/screens/GoodsListPage.tsx')),
  GoodsDetail: lazyScreen(() => import('../features/goods/screens/GoodsDetailPage.tsx')),
  CouponGoodsList: lazyScreen(() => import('../features/search/screens/CouponGoodsListPage.tsx')),
  ActivityGoodsDetail: lazyScreen(() => import('../features/activities/screens/ActivityGoodsDetailPage.tsx')),
  Activity: lazyScreen(() => import('../features/activities/screens/ActivityPage.tsx')),
  FlashSale: lazyScreen(() => import('../features/activities/screens/FlashSaleChannelPage.tsx')),
  PointsCenter: lazyScreen(() => import('../features/points/screens/PointsCenterPage.tsx')),
  PointsMall: lazyScreen(() => import('../features/points/screens/PointsMallPage.tsx')),
  PointsMallDetail: lazyScreen(() => import('../features/points/screens/PointsMallDetailPage.tsx')),
  Cart: lazyScreen(() => import('../features/cart/screens/CartPage.tsx')),
  Checkout: lazyScreen(() => import('../features/checkout/screens/CheckoutPage.tsx')),
  Payment: lazyScreen(() => import('../features/payment/screens/PaymentPage.tsx')),
  AiChat: lazyScreen(() => import('../features/assistant/screens/AiChatPage.tsx')),
  MyOrder: lazyScreen(() => import('../features/orders/screens/MyOrderPage.tsx')),
  OrderDetail: lazyScreen(() => import('../features/orders/screens/OrderDetailPage.tsx')),
  AfterSaleOrder: lazyScreen(() => import('../features/aftersale/screens/AfterSaleOrderPage.tsx')),
  AfterSaleOrderDetail: lazyScreen(() => import('../features/aftersale/screens/AfterSaleOrderDetailPage.tsx')),
  DistOrder: lazyScreen(() => import('../features/distribution/screens/DistributionOrderPage.tsx')),
  DistIncome: lazyScreen(() => import('../features/distribution/screens/DistributionIncomePage.tsx')),
  DistGoods: lazyScreen(() => import('../features/distribution/screens/DistributionGoodsPage.tsx')),
  DistAfterSale: lazyScreen(() => import('../features/distribution/screens/DistributionAfterSalePage.tsx')),
  DistOrderDetail: lazyScreen(() => import('../features/distribution/screens/DistributionOrderDetailPage.tsx')),
  NewDistOrder: lazyScreen(() => import('../features/distribution/screens/NewDistributionOrderPage.tsx')),
  NewDistIncome: lazyScreen(() => import('../features/distribution/screens/NewDistributionIncomePage.tsx')),
  NewDistGoods: lazyScreen(() => import('../features/distribution/screens/NewDistributionGoodsPage.tsx')),
  NewDistAfterSale: lazyScreen(() => import('../features/distribution/screens/NewDistributionAfterSalePage.tsx')),
  NewDistOrderDetail: lazyScreen(() => import('../features/distribution/screens/NewDistributionOrderDetailPage.tsx')),
  Profile: lazyScreen(() => import('../features/member/screens/ProfilePage.tsx')),
  Coupon: lazyScreen(() => import('../features/member/screens/CouponPage.tsx')),
  MemberPoints: lazyScreen(() => import('../features/member/screens/MemberPointsPage.tsx')),
  Settings: lazyScreen(() => import('../features/member/screens/SettingsPage.tsx')),
  MyTracks: lazyScreen(() => import('../features/engagement/screens/MyTracksPage.tsx')),
  Favorites: lazyScreen(() => import('../features/engagement/screens/FavoritesPage.tsx')),
  Address: lazyScreen(() => import('../features/address/screens/AddressPage.tsx')),
  RealNameDatabase: lazyScreen(() => import('../features/member/screens/RealNameDatabasePage.tsx')),
  SupplierRegister: lazyScreen(() => import('../features/supplier/screens/SupplierRegisterPage.tsx')),
  NotFound: lazyScreen(() => import('../features/common/screens/NotFoundPage.tsx')),
  Agreement: lazyScreen(() => import('../features/accounts/screens/AgreementPage.tsx')),
};

export const screens = {
  Login: lazyScreen(() => import('../features/accounts/screens/LoginPage.tsx')),
  Register: lazyScreen(() => import('../features/accounts/screens/RegisterPage.tsx')),
};

/** /user's subtrees (spec §2); detail routes are hidden from the menu. */
export const userRoutes: AppRoute[] = [
  {
    path: 'order',
    title: '订单中心',
    children: [
      { path: 'myOrder', title: '我的订单', screen: s.MyOrder },
      { path: 'orderDetail/:id', title: '订单详情', screen: s.OrderDetail, hidden: true },
      { path: 'afterSaleOrder', title: '售后订单', screen: s.AfterSaleOrder },
      { path: 'afterSaleOrderDetail/:id', title: '售后详情', screen: s.AfterSaleOrderDetail, hidden: true },
    ],
  },
  {
    path: 'distribution',
    title: '分销中心',
    children: [
      { path: 'distributionOrder', title: '分销订单', screen: s.DistOrder },
      { path: 'distributionIncome', title: '分销收益', screen: s.DistIncome },
      { path: 'distributionGoods', title: '分销商品', screen: s.DistGoods },
      { path: 'distributionAfterSale', title: '分销售后', screen: s.DistAfterSale },
      { path: 'distributionOrderDetail/:id', title: '分销订单详情', screen: s.DistOrderDetail, hidden: true },
    ],
  },
  {
    path: 'newDistribution',
    title: '推广中心',
    children: [
      { path: 'newDistributionOrder', title: '推广订单', screen: s.NewDistOrder },
      { path: 'newDistributionIncome', title: '推广收益', screen: s.NewDistIncome },
      { path: 'newDistributionGoods', title: '推广商品', screen: s.NewDistGoods },
      { path: 'newDistributionAfterSale', title: '推广售后', screen: s.NewDistAfterSale },
      { path: 'newDistributionOrderDetail/:id', title: '推广订单详情', screen: s.NewDistOrderDetail, hidden: true },
    ],
  },
  {
    path: 'member',
    title: '会员中心',
    children: [
      { path: 'profile', title: '个人资料', screen: s.Profile },
      { path: 'coupon', title: '我的优惠券', screen: s.Coupon },
      { path: 'points', title: '我的积分', screen: s.MemberPoints },
      { path: 'settings', title: '账户安全', screen: s.Settings },
      { path: 'mytracks', title: '我的足迹', screen: s.MyTracks },
      { path: 'favorites', title: '我的收藏', screen: s.Favorites },
      { path: 'address', title: '收货地址', screen: s.Address },
      { path: 'realNameDatabase', title: '实名信息', screen: s.RealNameDatabase },
    ],
  },
];

/** Children of the root layout `/` (the shop with its header). */
export const shopRoutes: AppRoute[] = [
  { index: true, title: '首页', screen: s.Home },
  { path: 'old-home', title: '旧版首页', screen: s.OldHome },
  { path: 'goodsList', title: '商品分类', screen: s.GoodsList },
  { path: 'couponGoodsList', title: '优惠券商品', screen: s.CouponGoodsList },
  {
    path: 'points',
    title: '积分中心',
    children: [
      { index: true, title: '积分中心', screen: s.PointsCenter },
      { path: 'mall', title: '积分商城', screen: s.PointsMall },
      { path: 'mallDetail', title: '积分商品详情', screen: s.PointsMallDetail, hidden: true },
    ],
  },
  { path: 'goodsDetail', title: '商品详情', screen: s.GoodsDetail, hidden: true },
  { path: 'activityGoodsDetail', title: '活动商品详情', screen: s.ActivityGoodsDetail, hidden: true },
  { path: 'flashSale', title: '秒杀会场', screen: s.FlashSale },
  { path: 'cart', title: '购物车', screen: s.Cart, auth: true },
  { path: 'checkout', title: '确认订单', screen: s.Checkout, auth: true },
  { path: 'payment', title: '收银台', screen: s.Payment, auth: true },
  { path: 'activity/:id', title: '活动专区', screen: s.Activity },
  {
    path: 'ai',
    title: 'AI 购物助手',
    auth: true,
    children: [{ path: 'chat', title: 'AI 购物助手', screen: s.AiChat }],
  },
  { path: 'supplier/register', title: '供应商入驻', screen: s.SupplierRegister, auth: true },
  { path: 'agreement/user', title: '用户协议', screen: s.Agreement, hidden: true },
  { path: 'agreement/privacy', title: '隐私政策', screen: s.Agreement, hidden: true },
  { path: '*', title: '页面不存在', screen: s.NotFound },
];
