/**
 * The assistant's replies as the web reads them (/member/assistant/agent/*): the cards and stream events
 * are the server's own shapes (packages/shared/src/replies/assistant.ts); the rest is the screen's.
 */

export type {
  AddToCartProposal,
  AssistantAfterSaleItem as AfterSaleCardItem,
  AssistantCard as Card,
  AssistantCouponItem as CouponCardItem,
  AssistantCouponOffer as CouponOffer,
  AssistantGoodsItem as GoodsCardItem,
  AssistantOrderItem as OrderCardItem,
  ClaimCouponProposal,
} from '@mall/shared';
import type { AssistantAnswerStatus, AssistantCard, AssistantStreamEvent, AssistantToolStatus } from '@mall/shared';

export type AnswerStatus = AssistantAnswerStatus;
export type Feedback = 1 | -1 | 0;

export interface Message {
  messageId: string;
  role: 'user' | 'assistant';
  content: string;
  parts: AssistantCard[];
  status: AnswerStatus;
  label: string;
  feedback: Feedback | null;
  createdAt: string;
}

export interface SessionSummary {
  sessionId: string;
  title: string;
  updatedAt: string;
}

export interface SessionPage {
  list: SessionSummary[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface CreatedSession {
  sessionId: string;
  title: string;
  suggestions: string[];
}

export interface SessionContext {
  goodsId?: number;
  keyword?: string;
}

export interface ToolStep {
  callId: string;
  name: string;
  status: AssistantToolStatus;
  summary?: string;
}

/** The events of one streamed answer, in the order they come (start first; done or error last). */
export type ChatEvent = AssistantStreamEvent;
