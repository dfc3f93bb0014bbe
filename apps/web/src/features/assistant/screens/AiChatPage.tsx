import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** AI: built in a later issue; until then the route shows 即将上线. */
export default function AiChatPage() {
  return <ComingSoon title="AI" />;
}
