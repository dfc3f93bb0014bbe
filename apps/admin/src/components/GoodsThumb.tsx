import { PictureOutlined } from '@ant-design/icons';
import styles from './GoodsThumb.module.css';

/** A goods picture of an order line (the snapshot taken at checkout), or a quiet placeholder. */
export function GoodsThumb({ src, size = 44 }: { src: string | null; size?: number }) {
  if (!src) {
    return (
      <span className={styles.thumbEmpty} style={{ width: size, height: size }}>
        <PictureOutlined />
      </span>
    );
  }
  return <img className={styles.thumb} style={{ width: size, height: size }} src={src} alt="" loading="lazy" />;
}
