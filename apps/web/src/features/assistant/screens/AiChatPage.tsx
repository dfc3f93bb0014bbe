import { useEffect, useRef, useState } from 'react';
import { Button, Drawer, Skeleton } from 'antd';
import { MenuOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { useChat, type ChatMessage } from '../api/useChat.ts';
import { useCreateSession, useSessionMessages, useSessions } from '../api/sessions.ts';
import { ChatPanel, QUESTION_MAX } from '../components/ChatPanel.tsx';
import { SessionList } from '../components/SessionList.tsx';
import styles from '../components/assistant.module.css';
import type { SessionContext } from '../types.ts';

/** What the welcome offers before a session brings the server's own suggestions. */
export const DEFAULT_SUGGESTIONS = ['三千以内的手机推荐', '我最近的订单到哪了', '有什么优惠券可以领', '我有多少积分'];

/** The goods page's or the search's context (?goodsId= / ?keyword=), passed to session/create. */
export function contextFrom(params: URLSearchParams): SessionContext | null {
  const goodsId = Number(params.get('goodsId'));
  const keyword = params.get('keyword')?.trim().slice(0, 50);
  const context: SessionContext = {};
  if (Number.isInteger(goodsId) && goodsId > 0) context.goodsId = goodsId;
  if (keyword) context.keyword = keyword;
  return Object.keys(context).length ? context : null;
}

/** AI 购物助手 (/ai/chat): the member's sessions, the conversation, the streamed answers and their cards. */
export default function AiChatPage() {
  const [params, setParams] = useSearchParams();
  const phone = useIsPhone();
  const { message } = useFeedback();
  const sessions = useSessions();
  const create = useCreateSession();
  // The open session: kept here at once (a question asked right after 新对话 goes to it) and in the
  // address (?session=), so that a reload shows it again.
  const [activeId, setActiveId] = useState<string | null>(() => params.get('session'));
  const inAddress = params.get('session');
  useEffect(() => {
    if (inAddress) setActiveId(inAddress);
  }, [inAddress]);
  const messages = useSessionMessages(activeId);
  const chat = useChat(activeId);
  const [suggestions, setSuggestions] = useState<{ sessionId: string | null; list: string[] }>({ sessionId: null, list: DEFAULT_SUGGESTIONS });
  const [drawer, setDrawer] = useState(false);

  const open = (sessionId: string | null) => {
    setActiveId(sessionId);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('goodsId');
        next.delete('keyword');
        if (sessionId) next.set('session', sessionId);
        else next.delete('session');
        return next;
      },
      { replace: true },
    );
    setDrawer(false);
  };

  const start = async (context?: SessionContext) => {
    const created = await create.mutateAsync(context);
    setSuggestions({ sessionId: created.sessionId, list: created.suggestions.length ? created.suggestions : DEFAULT_SUGGESTIONS });
    open(created.sessionId);
    return created.sessionId;
  };

  // Come from a goods or a search (问问助手): a session about it, once, with its suggestions.
  const context = contextFrom(params);
  const started = useRef('');
  const contextKey = context ? JSON.stringify(context) : '';
  useEffect(() => {
    if (!context || started.current === contextKey) return;
    started.current = contextKey;
    void start(context).catch(() => {});
    // `start` is rebuilt each render; the context's own text decides.
  }, [contextKey]);

  const ask = async (text: string): Promise<boolean> => {
    const question = text.trim();
    if (!question || chat.busy) return false;
    if (question.length > QUESTION_MAX) {
      message.warning(`问题最多 ${QUESTION_MAX} 个字`);
      return false;
    }
    let sessionId = activeId;
    if (!sessionId) {
      try {
        sessionId = await start();
      } catch {
        return false;
      }
    }
    chat.send(question, sessionId);
    return true;
  };

  const list = sessions.data?.list ?? [];
  const current = list.find((s) => s.sessionId === activeId);
  const shown = (messages.data?.list ?? []) as ChatMessage[];
  const sessionsView = sessions.error ? (
    <LoadError title="对话加载失败" error={sessions.error} onRetry={() => void sessions.refetch()} />
  ) : sessions.isLoading ? (
    <Skeleton active paragraph={{ rows: 4 }} />
  ) : (
    <SessionList
      sessions={list}
      activeId={activeId}
      onPick={open}
      onCreate={() => void start().catch(() => {})}
      onDeleted={(id) => id === activeId && open(null)}
      creating={create.isPending}
    />
  );

  const head = (
    <>
      {phone ? <Button type="text" icon={<MenuOutlined />} aria-label="对话列表" onClick={() => setDrawer(true)} /> : null}
      <h1 className={styles.chatTitle}>
        AI 购物助手
        {current && current.title ? <span className={styles.muted} style={{ fontWeight: 400 }}>{` · ${current.title}`}</span> : null}
      </h1>
      {phone ? (
        <Button type="text" icon={<PlusOutlined />} aria-label="新对话" onClick={() => void start().catch(() => {})} loading={create.isPending} />
      ) : null}
    </>
  );

  const body =
    activeId && messages.error ? (
      <section className={styles.chat} aria-label="对话">
        <div className={styles.chatHead}>{head}</div>
        <LoadError title="消息加载失败" error={messages.error} onRetry={() => void messages.refetch()} />
      </section>
    ) : (
      <ChatPanel
        head={head}
        messages={activeId && messages.isLoading ? [] : shown}
        suggestions={suggestions.sessionId === activeId || !activeId || !shown.length ? suggestions.list : []}
        streaming={chat.streaming}
        busy={chat.busy || create.isPending}
        onAsk={ask}
        onStop={chat.stop}
        onRegenerate={chat.regenerate}
        onRate={(key, value) => void chat.rate(key, value)}
      />
    );

  if (phone) {
    return (
      <div className={styles.phonePage} data-testid="assistant-page">
        {body}
        <Drawer title="我的对话" placement="left" open={drawer} onClose={() => setDrawer(false)} size={300}>
          {sessionsView}
        </Drawer>
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="assistant-page">
      <aside className={styles.sessions} aria-label="我的对话">
        <p className={styles.sessionsTitle}>我的对话</p>
        {sessionsView}
      </aside>
      {body}
    </div>
  );
}
