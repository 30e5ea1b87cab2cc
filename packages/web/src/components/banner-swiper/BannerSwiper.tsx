import { SWIPER } from '@dm51/shared';
import { useEffect, useRef, useState } from 'react';
import { GeneratedCover } from '../generated-cover/GeneratedCover';
import { useXfileImage } from '../xfile-image/use-xfile-image';
import { nextSlide, swipeTarget } from './swiper-logic';
import './banner-swiper.css';

export interface BannerSlideData {
  key: string;
  pic: string;
  title: string;
  onOpen: () => void;
}

/**
 * A work without a cover (an empty `pic`) gets its generated cover, as in every list: a book on
 * the slide's left with the title beside it. Failed banner images fall back to a default
 * placeholder (spec §8), not a retry button.
 */
function Slide({ slide, testId }: { slide: BannerSlideData; testId: string }) {
  const image = useXfileImage(slide.pic);
  const [broken, setBroken] = useState(false);
  const failed = broken || image.status === 'error';
  if (slide.pic.trim() === '')
    return (
      <button
        type="button"
        className="banner__slide banner__slide--generated"
        data-testid={testId}
        onClick={slide.onOpen}
      >
        <span className="banner__book">
          <GeneratedCover title={slide.title} />
        </span>
        <span className="banner__title">{slide.title}</span>
      </button>
    );
  return (
    <button type="button" className="banner__slide" data-testid={testId} onClick={slide.onOpen}>
      {failed ? (
        <span className="banner__placeholder" data-testid="banner-placeholder" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <path
              d="M8 12h32v24H8zM8 30l9-8 8 7 6-5 9 8"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
            />
          </svg>
        </span>
      ) : (
        image.url && <img src={image.url} alt="" draggable={false} onError={() => setBroken(true)} />
      )}
      <span className="banner__title">{slide.title}</span>
    </button>
  );
}

/**
 * Home banner (spec §9: interval 5000 ms, duration 500 ms): autoplay, loop, swipe, dots. The first
 * slide is cloned at the end so looping always moves forward instead of rewinding across all slides.
 */
export function BannerSwiper({ slides }: { slides: BannerSlideData[] }) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [drag, setDrag] = useState(0);
  const touch = useRef<{ x: number; y: number; horizontal: boolean | null } | null>(null);
  const width = useRef(1);
  const trackRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (count < 2 || drag !== 0) return;
    const timer = window.setInterval(() => {
      setAnimate(true);
      setIndex((i) => nextSlide(i, count));
    }, SWIPER.intervalMs);
    return () => window.clearInterval(timer);
  }, [count, drag]);

  // Landed on the clone of the first slide: jump back to the real one without animating.
  const onTransitionEnd = () => {
    if (index === count) {
      setAnimate(false);
      setIndex(0);
    }
  };
  useEffect(() => {
    if (animate) return;
    const frame = requestAnimationFrame(() => setAnimate(true));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  if (count === 0) return null;
  const loop = count > 1 ? [...slides, slides[0]!] : slides;
  const dot = index % count;

  return (
    <div
      className="banner"
      data-testid="home-banner"
      onTouchStart={(event) => {
        const point = event.touches[0];
        if (!point || count < 2) return;
        width.current = trackRef.current?.clientWidth || 1;
        touch.current = { x: point.clientX, y: point.clientY, horizontal: null };
      }}
      onTouchMove={(event) => {
        const start = touch.current;
        const point = event.touches[0];
        if (!start || !point) return;
        const dx = point.clientX - start.x;
        start.horizontal ??= Math.abs(dx) > Math.abs(point.clientY - start.y);
        if (start.horizontal) setDrag(dx);
      }}
      onTouchEnd={() => {
        if (!touch.current) return;
        touch.current = null;
        setAnimate(true);
        setIndex((i) => swipeTarget(i % count, drag, width.current, count));
        setDrag(0);
      }}
    >
      <div
        ref={trackRef}
        className="banner__track"
        style={{
          transform: `translateX(calc(${-index * 100}% + ${drag}px))`,
          transition: animate && drag === 0 ? `transform ${SWIPER.durationMs}ms ease` : 'none',
        }}
        onTransitionEnd={onTransitionEnd}
      >
        {loop.map((slide, i) => (
          <Slide
            key={`${slide.key}-${i}`}
            slide={slide}
            testId={i < count ? `banner-slide-${i}` : 'banner-clone'}
          />
        ))}
      </div>
      {count > 1 && (
        <div className="banner__dots" aria-hidden="true">
          {slides.map((slide, i) => (
            <span key={slide.key} className={`banner__dot${i === dot ? ' banner__dot--on' : ''}`} />
          ))}
        </div>
      )}
    </div>
  );
}
