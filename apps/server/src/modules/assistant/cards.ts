import type { AssistantStreamEvent } from '@mall/shared';

/**
 * What the assistant shows besides its text, and the events of one streamed turn: the shapes are the
 * apps' too (packages/shared/src/replies/assistant.ts), named here as the module reads them.
 */
export type {
  AssistantAfterSaleItem as AfterSaleCardItem,
  AssistantAnswerStatus as AnswerStatus,
  AssistantCard as Card,
  AssistantCouponItem as CouponCardItem,
  AssistantCouponOffer as CouponOffer,
  AssistantGoodsActivity as GoodsActivity,
  AssistantGoodsItem as GoodsCardItem,
  AssistantOrderItem as OrderCardItem,
  AssistantStreamEvent as StreamEvent,
  AssistantToolStatus as ToolStatus,
} from '@mall/shared';

/** What a provider may emit itself; start, done and error belong to the turn runner. */
export type ProviderEvent = Extract<AssistantStreamEvent, { type: 'delta' | 'card' | 'tool' }>;
