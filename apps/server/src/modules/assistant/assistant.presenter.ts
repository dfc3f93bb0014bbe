import type { Card } from './cards.ts';
import type { MessageRow, SessionRow } from './assistant.repo.ts';

/** Replies shaped explicitly: a column reaches the buyer only when named here. */

/** An answer still marked as being written this long after it began was cut off (a restart): failed. */
const STREAM_ABANDONED_MS = 10 * 60_000;

export function presentSession(r: SessionRow) {
  return { sessionId: r.id, title: r.title, updatedAt: new Date(r.updated_at).toISOString() };
}

export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'failed';

export function presentMessage(r: MessageRow, now = Date.now()) {
  const createdAt = new Date(r.created_at);
  const status: MessageStatus =
    r.status === 'streaming' && now - createdAt.getTime() > STREAM_ABANDONED_MS ? 'failed' : r.status;
  return {
    messageId: r.id,
    role: r.role,
    content: r.content,
    parts: (r.parts ?? []) as Card[],
    status,
    label: r.label,
    feedback: r.feedback,
    replyTo: r.reply_to,
    createdAt: createdAt.toISOString(),
  };
}
