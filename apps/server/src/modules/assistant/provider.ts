import type { AssistantGoodsQuery } from '@mall/shared';
import type { Config } from '../../config.ts';
import type { Card, ProviderEvent } from './cards.ts';

/**
 * The seam between the turn runner and whatever composes the answer (the offline templates, or an
 * OpenAI-compatible model). A provider never touches the shop itself: it asks for tools through
 * `io.callTool`, which runs them with the signed-in member of the turn, logs and throttles them.
 */

export interface TurnContext {
  goodsId?: number;
  keyword?: string;
}

export interface TurnMember {
  memberId: string;
}

export interface Turn {
  question: string;
  /** Earlier messages of the session, oldest first (the question of this turn excluded). */
  history: { role: 'user' | 'assistant'; content: string }[];
  context: TurnContext | null;
  member: TurnMember;
  /** The goods shown by the session's last answer, in the order shown (for 第一个, 这两款). */
  shownGoodsIds?: number[];
  /** What that list was searched by, when a search made it (便宜点的 narrows it). */
  lastSearch?: AssistantGoodsQuery;
}

/** What a tool returns to the provider: data to read (never instructions), and the cards it makes. */
export interface ToolResult {
  ok: boolean;
  /** The tool's data, as plain JSON: what a model reads or a template fills from. */
  data: unknown;
  /** Cards to show the buyer for this result (the provider decides whether to emit them). */
  cards: Card[];
  /** A short Chinese line for the tool event (找到 5 件商品). */
  summary: string;
  /** When ok is false: a Chinese sentence the buyer may read (商品不存在). */
  error?: string;
}

export interface TurnIO {
  /** Runs one of the shop's tools for the turn's member; logged, and refused past the step limit. */
  callTool(name: string, args: unknown): Promise<ToolResult>;
  emit(event: ProviderEvent): void;
  /** Aborted when the buyer stops the answer or goes away: stop soon and return. */
  signal: AbortSignal;
  /** The tools this turn may call, described for a model (JSON Schema parameters). */
  tools: ToolDescription[];
  /** A model provider reports the tokens a call used, counted against ASSISTANT_DAILY_TOKENS. */
  countTokens(tokens: number): void;
}

/** A short description of each tool, for a provider that lets a model choose (JSON Schema parameters). */
export interface ToolDescription {
  name: string;
  description: string;
  kind: 'read' | 'propose';
  parameters: Record<string, unknown>;
}

export interface AssistantProvider {
  readonly name: 'offline' | 'openai';
  /** The AI labelling line shown under every answer of this provider. */
  readonly label: string;
  respond(turn: Turn, io: TurnIO): Promise<void>;
}

/** A failure a provider reports to the buyer as it is (Chinese), e.g. the model endpoint is down. */
export class ProviderError extends Error {
  constructor(readonly buyerMessage: string, options?: { cause?: unknown }) {
    super(buyerMessage, options);
  }
}

/**
 * How a provider is made: from the settings (ASSISTANT_PROVIDER selects one in provider-choice.ts).
 * The model provider lives in providers/openai.ts and exports a function of this shape.
 */
export type ProviderFactory = (config: Config) => AssistantProvider;

export const OFFLINE_LABEL = '内容由系统根据商品数据生成';
export const MODEL_LABEL = '内容由 AI 生成';
