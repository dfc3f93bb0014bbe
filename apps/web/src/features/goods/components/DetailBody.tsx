import type { DetailBlock } from '../types.ts';
import styles from './detail.module.css';

/** The detail body arrives as structured blocks (no HTML), rendered as plain React elements. */
export function DetailBody({ blocks }: { blocks: DetailBlock[] }) {
  return (
    <div className={styles.body}>
      {blocks.map((b, i) => {
        switch (b.type) {
          case 'heading':
            return <h3 key={i}>{b.text}</h3>;
          case 'text':
            return <p key={i}>{b.text}</p>;
          case 'list':
            return (
              <ul key={i}>
                {b.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          case 'image':
            return <img key={i} src={b.src} alt={b.alt ?? ''} loading="lazy" />;
          default:
            return null;
        }
      })}
    </div>
  );
}
