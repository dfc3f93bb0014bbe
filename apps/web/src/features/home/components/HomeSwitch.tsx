import { SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { storage } from '../../../lib/storage.ts';
import styles from './home.module.css';

export type HomeVersion = 'new' | 'old';

/** The switch between the two home pages; the choice is kept under member-homeVersion. */
export function HomeSwitch({ to }: { to: HomeVersion }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.switch}
      onClick={() => {
        storage.setHomeVersion(to);
        void navigate(to === 'old' ? '/old-home' : '/');
      }}
    >
      <SwapOutlined /> {to === 'old' ? '切换到旧版首页' : '切换到新版首页'}
    </button>
  );
}
