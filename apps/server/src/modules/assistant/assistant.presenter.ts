import type { Card } from './cards.ts';
import type { MessageRow, SessionRow } from './assistant.repo.ts';

/** Replies shaped explicitly: a column reaches the buyer only when named here. */

/** An answer still marked as being written this long after it began was cut off (a restart): failed. */
const STREAM_ABANDONED_MS = 10 * 60_000;

export function presentSession(r: SessionRow) {
  return { sessionId: r.id, title: r.title, updatedAt: new Date(r.updated_at).toISOString() };
}

export type MessageStatus = 'done' | 'stopped' | 'failed';

/** An answer still being written: it reaches the buyer through its stream, not the list. */
export const inFlight = (r: MessageRow, now = Date.now()) =>
  r.status === 'streaming' && now - new Date(r.created_at).getTime() <= STREAM_ABANDONED_MS;

export function presentMessage(r: MessageRow) {
  // one left 'streaming' past the limit was cut off (the server stopped mid-answer)
  const status: MessageStatus = r.status === 'streaming' ? 'failed' : r.status;
  return {
    messageId: r.id,
    role: r.role,
    content: r.content,
    parts: (r.parts ?? []) as Card[],
    status,
    label: r.label ?? '',
    feedback: r.feedback,
    replyTo: r.reply_to,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
