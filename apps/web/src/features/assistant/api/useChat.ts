import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatEvent, Feedback, Message, ToolStep } from '../types.ts';
import { assistantKeys } from './assistantKeys.ts';
import { sendFeedback } from './feedback.ts';
import { stopChat, streamChat } from './chat.ts';

/** A message on screen: the server's, or one being streamed (its tool steps, its error). */
export interface ChatMessage extends Message {
  /** Stable while its id changes from the local one to the server's (start). */
  key: string;
  tools?: ToolStep[];
  pending?: boolean;
  error?: string;
}

/** What a stopped answer says when the server's closing event (with its label) never reached us. */
export const FALLBACK_LABEL = '内容由 AI 生成';

let localSeq = 0;
const localId = (role: string) => `local-${role}-${++localSeq}`;

function withKeys(list: Message[]): ChatMessage[] {
  return list.map((m) => ('key' in m ? (m as ChatMessage) : { ...m, key: m.messageId }));
}

function apply(message: ChatMessage, event: ChatEvent): ChatMessage {
  switch (event.type) {
    case 'start':
      return { ...message, messageId: event.data.messageId };
    case 'tool': {
      const { callId, name, status, summary } = event.data;
      const tools = message.tools ?? [];
      const step = { callId, name, status, summary };
      const known = tools.some((t) => t.callId === callId);
      return { ...message, tools: known ? tools.map((t) => (t.callId === callId ? step : t)) : [...tools, step] };
    }
    case 'delta':
      return { ...message, content: message.content + event.data.text };
    case 'card':
      return { ...message, parts: [...message.parts, event.data] };
    case 'done':
      return { ...message, content: event.data.text, status: event.data.status, label: event.data.label, pending: false };
    case 'error':
      return { ...message, error: event.data.message, status: 'failed', pending: false };
  }
}

/**
 * One session's conversation: its messages live in the query cache (so switching sessions and coming
 * back shows them), the answer being streamed is written there event by event.
 */
export function useChat(sessionId: string | null) {
  const client = useQueryClient();
  /** The answer under way: `stopping` once 停止 was pressed before the answer had its id (see stop). */
  const [streaming, setStreaming] = useState<{ sessionId: string; key: string; stopping?: boolean } | null>(null);
  const turn = useRef<{ controller: AbortController; sessionId: string; key: string; stopped?: boolean } | null>(null);

  const update = useCallback(
    (session: string, change: (list: ChatMessage[]) => ChatMessage[]) =>
      client.setQueryData<{ list: Message[] }>(assistantKeys.messages(session), (old) => ({
        list: change(withKeys(old?.list ?? [])),
      })),
    [client],
  );
  const updateOne = useCallback(
    (session: string, key: string, change: (m: ChatMessage) => ChatMessage) =>
      update(session, (list) => list.map((m) => (m.key === key ? change(m) : m))),
    [update],
  );

  const lastLabel = (session: string) =>
    withKeys(client.getQueryData<{ list: Message[] }>(assistantKeys.messages(session))?.list ?? [])
      .filter((m) => m.role === 'assistant' && m.label)
      .at(-1)?.label;

  /** Streams one answer into the message `key`, already on screen as pending. */
  const run = useCallback(
    async (session: string, key: string, body: { content: string; regenerate?: string }, userKey?: string) => {
      const controller = new AbortController();
      const current: { controller: AbortController; sessionId: string; key: string; stopped?: boolean } = { controller, sessionId: session, key };
      turn.current = current;
      setStreaming({ sessionId: session, key });
      try {
        await streamChat(
          { sessionId: session, ...body },
          (event) => {
            if (event.type === 'start' && userKey) {
              updateOne(session, userKey, (m) => ({ ...m, messageId: event.data.replyTo }));
            }
            if (current.stopped) {
              // 停止 came before the answer had its id: the server learns it now, and nothing more is shown.
              if (event.type === 'start') {
                updateOne(session, key, (m) => ({ ...m, messageId: event.data.messageId }));
                void stopChat(session, event.data.messageId).catch(() => {});
                controller.abort();
              }
              return;
            }
            updateOne(session, key, (m) => apply(m, event));
          },
          controller.signal,
        );
        updateOne(session, key, (m) =>
          m.pending ? { ...m, pending: false, status: 'stopped', label: m.label || lastLabel(session) || FALLBACK_LABEL } : m,
        );
      } catch (err) {
        const text = err instanceof Error && err.message ? err.message : '发送失败，请稍后再试';
        updateOne(session, key, (m) =>
          controller.signal.aborted
            ? { ...m, pending: false, status: 'stopped', label: m.label || lastLabel(session) || FALLBACK_LABEL }
            : { ...m, pending: false, status: 'failed', error: text },
        );
      } finally {
        if (turn.current?.controller === controller) {
          turn.current = null;
          setStreaming(null);
        }
        // The first question names the session; its time moves it to the top.
        void client.invalidateQueries({ queryKey: assistantKeys.sessions });
      }
    },
    // lastLabel reads the cache when called.
    [client, updateOne],
  );

  const send = useCallback(
    (content: string, session = sessionId) => {
      if (!session || turn.current) return;
      const now = new Date().toISOString();
      const userKey = localId('user');
      const key = localId('ai');
      const base = { parts: [], status: 'done' as const, label: '', feedback: null, createdAt: now };
      update(session, (list) => [
        ...list,
        { ...base, key: userKey, messageId: userKey, role: 'user', content },
        { ...base, key, messageId: key, role: 'assistant', content: '', pending: true },
      ]);
      void run(session, key, { content }, userKey);
    },
    [sessionId, update, run],
  );

  /** 重新生成: the same question answered again in the answer's place. */
  const regenerate = useCallback(
    (key: string) => {
      if (!sessionId || turn.current) return;
      const list = withKeys(client.getQueryData<{ list: Message[] }>(assistantKeys.messages(sessionId))?.list ?? []);
      const at = list.findIndex((m) => m.key === key);
      const question = list
        .slice(0, at)
        .reverse()
        .find((m) => m.role === 'user');
      const answer = list[at];
      if (!answer || !question) return;
      updateOne(sessionId, key, (m) => ({ ...m, content: '', parts: [], tools: [], error: undefined, feedback: null, pending: true }));
      // An answer that never got its id (refused before streaming) is simply asked again.
      const regenerate = answer.messageId.startsWith('local-') ? undefined : answer.messageId;
      void run(sessionId, key, { content: question.content, regenerate });
    },
    [client, sessionId, updateOne, run],
  );

  /**
   * 停止: the answer stops on screen at once with the text so far; the server is told and the fetch
   * aborted (before the answer has its id, both wait for the stream's start event).
   */
  const stop = useCallback(() => {
    const current = turn.current;
    if (!current || current.stopped) return;
    current.stopped = true;
    const session = current.sessionId;
    const list = withKeys(client.getQueryData<{ list: Message[] }>(assistantKeys.messages(session))?.list ?? []);
    const answer = list.find((m) => m.key === current.key);
    updateOne(session, current.key, (m) => ({
      ...m,
      pending: false,
      status: 'stopped',
      label: m.label || lastLabel(session) || FALLBACK_LABEL,
    }));
    if (answer && !answer.messageId.startsWith('local-')) {
      void stopChat(session, answer.messageId).catch(() => {});
      current.controller.abort();
      turn.current = null;
      setStreaming(null);
    } else {
      // Until the start event names the answer (and the server is told), nothing new is asked: an
      // answer regenerated now would meet the stopped one's id.
      setStreaming({ sessionId: session, key: current.key, stopping: true });
    }
    // lastLabel reads the cache when called.
  }, [client, updateOne]);

  const rate = useCallback(
    async (key: string, value: Feedback) => {
      if (!sessionId) return;
      const session = sessionId;
      const list = withKeys(client.getQueryData<{ list: Message[] }>(assistantKeys.messages(session))?.list ?? []);
      const answer = list.find((m) => m.key === key);
      if (!answer) return;
      const before = answer.feedback;
      updateOne(session, key, (m) => ({ ...m, feedback: value }));
      try {
        await sendFeedback(answer.messageId, value);
      } catch {
        updateOne(session, key, (m) => ({ ...m, feedback: before }));
      }
    },
    [client, sessionId, updateOne],
  );

  // Leaving the screen mid-answer stops reading; the server finishes and keeps the answer, which the
  // session shows when opened again.
  useEffect(
    () => () => {
      const current = turn.current;
      if (!current) return;
      current.controller.abort();
      void client.invalidateQueries({ queryKey: assistantKeys.messages(current.sessionId) });
    },
    [client],
  );

  return {
    send,
    regenerate,
    stop,
    rate,
    /** True while an answer streams in this session (and 停止 can be pressed). */
    streaming: Boolean(streaming && streaming.sessionId === sessionId && !streaming.stopping),
    busy: Boolean(streaming),
  };
}
