import { request } from '../../../lib/request.ts';
import type { Feedback } from '../types.ts';

/** 👍 (1), 👎 (-1) or taken back (0) on one answer. */
export function sendFeedback(messageId: string, value: Feedback) {
  return request.post<null>('/member/assistant/agent/message/feedback', { messageId, value });
}
