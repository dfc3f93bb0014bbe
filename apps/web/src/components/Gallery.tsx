import { useState } from 'react';
import { GoodsImage } from './GoodsCard.tsx';
import styles from './Gallery.module.css';

/** The main picture and its thumbnails; hovering or clicking a thumbnail shows it large. */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage} data-testid="gallery-main">
        <GoodsImage src={current} alt={alt} />
      </div>
      <div className={styles.thumbs}>
        {images.map((src, i) => (
          <button
            type="button"
            key={src}
            className={i === index ? styles.thumbActive : styles.thumb}
            onMouseEnter={() => setIndex(i)}
            onClick={() => setIndex(i)}
            aria-label={`第 ${i + 1} 张图片`}
          >
            <img src={src} alt="" />
          </button>
        ))}
      </div>
    </div>
  );
}
