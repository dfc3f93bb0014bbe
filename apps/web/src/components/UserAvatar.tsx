import { UserOutlined } from '@ant-design/icons';
import styles from './UserAvatar.module.css';

/**
 * The member's round picture, or a person icon without one. Plain markup: the header and the home's
 * greeting show it on every first screen, and antd's Avatar would bring Popover and Tooltip along.
 */
export function UserAvatar({ src, size, background = '#d9d9d9' }: { src?: string | null; size: number; background?: string }) {
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: Math.round(size * 0.57), background }}>
      {src ? <img src={src} alt="" /> : <UserOutlined />}
    </span>
  );
}
