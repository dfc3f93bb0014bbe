import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import styles from './Slider.module.css';

interface SliderProps {
  children: ReactNode;
  /** The region's name for screen readers (商品图片, 活动). */
  label: string;
  /** Moves to the next slide every this many ms, paused while pointed at or focused; off when 0. */
  autoplayMs?: number;
  /** ‹ › buttons beside the slides (PC); a phone swipes. */
  arrows?: boolean;
  className?: string;
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Slides side by side in a track that scrolls with CSS scroll snapping: a finger or a trackpad swipes
 * natively, the dots and arrows scroll to a slide, autoplay moves on while nobody is looking closer.
 * Slides off screen are `inert`, so their links take no focus and screen readers skip them.
 */
export function Slider({ children, label, autoplayMs = 0, arrows = false, className }: SliderProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [held, setHeld] = useState(false);

  const go = useCallback(
    (index: number) => {
      const el = track.current;
      if (!el || count === 0) return;
      const target = ((index % count) + count) % count;
      el.scrollTo({ left: target * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
      setCurrent(target);
    },
    [count],
  );

  // The shown slide follows the track's position after a swipe.
  const onScroll = () => {
    const el = track.current;
    if (!el || el.clientWidth === 0) return;
    setCurrent(Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth)));
  };

  useEffect(() => {
    if (!autoplayMs || held || count < 2 || reducedMotion()) return;
    const timer = window.setInterval(() => go(current + 1), autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplayMs, held, count, current, go]);

  return (
    <section
      className={`${styles.slider} ${className ?? ''}`}
      aria-roledescription="轮播"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {/* Focusable, so that the arrow keys scroll it (slides of images have nothing else to focus). */}
      <div ref={track} className={styles.track} onScroll={onScroll} tabIndex={0} data-slider-track="">
        {slides.map((slide, i) => (
          <div
            key={i}
            className={styles.slide}
            role="group"
            aria-roledescription="幻灯片"
            aria-label={`第 ${i + 1} 张，共 ${count} 张`}
            inert={i !== current}
          >
            {slide}
          </div>
        ))}
      </div>
      {arrows && count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label="上一张"
            onClick={() => go(current - 1)}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="下一张"
            onClick={() => go(current + 1)}
          >
            <RightOutlined />
          </button>
        </>
      ) : null}
      {count > 1 ? (
        <div className={styles.dots}>
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={i === current ? `${styles.dot} ${styles.dotOn}` : styles.dot}
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
