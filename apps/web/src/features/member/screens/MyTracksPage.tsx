import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** 我的足迹: built in a later issue; until then the route shows 即将上线. */
export default function MyTracksPage() {
  return <ComingSoon title="我的足迹" />;
}
