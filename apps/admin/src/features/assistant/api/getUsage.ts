import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/** The periods the 助手 screen offers, in days. */
export const USAGE_PERIODS = [7, 30] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

export interface UsageDay {
  /** Asia/Shanghai day, YYYY-MM-DD. */
  day: string;
  questions: number;
  members: number;
  failed: number;
  stopped: number;
  thumbsUp: number;
  thumbsDown: number;
}

export interface UsageTool {
  tool: string;
  calls: number;
  failed: number;
  avgMs: number;
  maxMs: number;
}

/** Calls of buyers' own AI agents to the MCP server on one Asia/Shanghai day. */
export interface McpDay {
  day: string;
  calls: number;
  /** Members whose agents called that day. */
  members: number;
  failed: number;
}

export interface ThumbsDownAnswer {
  messageId: string;
  question: string;
  answer: string;
  provider: string | null;
  status: string;
  createdAt: string;
}

/**
 * GET /ops/assistant/usage: every day of the period (zeros included), the tools called, the 👎 answers,
 * and the MCP calls per day (every day too) and per tool.
 */
export interface AssistantUsage {
  days: UsageDay[];
  tools: UsageTool[];
  thumbsDown: { list: ThumbsDownAnswer[]; total: number; pageNum: number; pageSize: number };
  mcp: { days: McpDay[]; tools: UsageTool[] };
}

export interface UsageQuery {
  days: UsagePeriod;
  pageNum: number;
  pageSize: number;
}

export const assistantKeys = {
  all: ['ops', 'assistant'] as const,
  usage: (q: UsageQuery) => [...assistantKeys.all, 'usage', q] as const,
};

export function getUsage(q: UsageQuery, signal?: AbortSignal) {
  return request.get<AssistantUsage>('/ops/assistant/usage', { ...q }, { signal, silent: true });
}

/** The screen's one call; silent, as the screen shows a failure with 重试. */
export function useUsage(q: UsageQuery) {
  return useQuery({
    queryKey: assistantKeys.usage(q),
    queryFn: ({ signal }) => getUsage(q, signal),
    placeholderData: keepPreviousData,
  });
}
