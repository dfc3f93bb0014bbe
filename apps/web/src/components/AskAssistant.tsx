import { RobotOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/** Where 问问助手 leads: the assistant with what the buyer is looking at (its session's context). */
export function assistantHref(context: { goodsId?: number; keyword?: string }): string {
  const query = new URLSearchParams();
  if (context.goodsId) query.set('goodsId', String(context.goodsId));
  if (context.keyword) query.set('keyword', context.keyword);
  const q = query.toString();
  return q ? `/ai/chat?${q}` : '/ai/chat';
}

/**
 * 问问助手 on the goods page and the search results: opens /ai/chat about this goods or these words.
 * A visitor is sent to sign in first and comes back to it (the route is behind the sign-in wrapper).
 */
export function AskAssistant({ goodsId, keyword, className }: { goodsId?: number; keyword?: string; className?: string }) {
  return (
    <Link
      to={assistantHref({ goodsId, keyword })}
      className={className}
      data-testid="ask-assistant"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, color: '#7b5a98', whiteSpace: 'nowrap' }}
    >
      <RobotOutlined aria-hidden />
      问问助手
    </Link>
  );
}
