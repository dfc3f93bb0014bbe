import type { ToolDescription } from '../provider.ts';
import { claimableCouponsTool, couponsForTool } from './coupon-tools.ts';
import { compareGoodsTool, goodsDetailTool } from './goods-detail.ts';
import { catalogueShapeTool, recommendTool, searchGoodsTool } from './goods-search.ts';
import { myAfterSalesTool, myOrdersTool, pointsBalanceTool } from './member-tools.ts';
import { proposeAddToCartTool, proposeClaimCouponTool } from './propose-tools.ts';
import { describeTool, type AssistantTool } from './tool.ts';

/** Every tool the assistant may call, by name: the only way it touches the shop. */
const ALL: AssistantTool[] = [
  searchGoodsTool,
  goodsDetailTool,
  compareGoodsTool,
  recommendTool,
  catalogueShapeTool,
  myOrdersTool,
  myAfterSalesTool,
  couponsForTool,
  claimableCouponsTool,
  pointsBalanceTool,
  proposeAddToCartTool,
  proposeClaimCouponTool,
];

export const TOOLS = new Map(ALL.map((t) => [t.name, t]));
export const TOOL_DESCRIPTIONS: ToolDescription[] = ALL.map(describeTool);
