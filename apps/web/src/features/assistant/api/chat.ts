import { request } from '../../../lib/request.ts';
import { createSseReader, toChatEvent, type SseFrame } from '../lib/sse.ts';
import type { ChatEvent } from '../types.ts';

export interface ChatRequest {
  sessionId: string;
  content: string;
  /** The answer to ask again (重新生成). */
  regenerate?: string;
}

/**
 * Asks one question and hands each event of the streamed answer to `onEvent` as it arrives. Resolves
 * when the stream ends (or `signal` aborts it); a refusal before streaming rejects with a RequestError
 * (already shown to the buyer by the request helper).
 */
export async function streamChat(body: ChatRequest, onEvent: (event: ChatEvent) => void, signal: AbortSignal): Promise<void> {
  const response = await request.stream('/member/assistant/agent/chat', body, { signal });
  const reader = response.body?.getReader();
  if (!reader) return;
  const sse = createSseReader();
  let finished = false;
  const hand = (frames: SseFrame[]) => {
    for (const frame of frames) {
      const event = toChatEvent(frame);
      if (!event || finished) continue;
      onEvent(event);
      // done and error are the last events of an answer: the turn is over, whatever the connection does.
      if (event.type === 'done' || event.type === 'error') finished = true;
    }
  };
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      if (done) {
        hand(sse.end());
        break;
      }
      hand(sse.push(value));
    }
  } catch (err) {
    if (signal.aborted) return; // 停止: what came so far stays
    throw err;
  } finally {
    if (finished) void reader.cancel().catch(() => {});
    else reader.releaseLock();
  }
}

/** 停止: the server ends the answer with status 'stopped' and keeps the partial text. */
export function stopChat(sessionId: string, messageId: string) {
  return request.post<null>('/member/assistant/agent/chat/stop', { sessionId, messageId }, { silent: true });
}
