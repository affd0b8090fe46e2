import './card-carousel.css';
import { carouselSlidesPerView, commonTexts } from '@intergen/domain';
import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { usePublicConfig } from '../lib/config';
import { useRestAfterFirst } from '../lib/rest-after-first';

/** Cards laid out with the row beyond those in view (`.ig-carousel-slide:nth-child(-n + …)` in card-carousel.css). */
const firstLaidOut = 3;

/** The window's width, followed as it changes. */
function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 0 : window.innerWidth));
  useEffect(() => {
    const update = () => setWidth(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return width;
}

/** Cards side by side at the window's width (spec 001 §9; 4 only with the community tab on). */
export function useSlidesPerView(): number {
  const width = useWindowWidth();
  const communityTab = usePublicConfig().data?.communityTab ?? false;
  return carouselSlidesPerView(width, communityTab);
}

interface CardCarouselProps<T> {
  /** The section's heading, shown beside the Previous and Next buttons. */
  heading: ReactNode;
  /** The id of that heading: it names the carousel and its list of cards. */
  labelledBy: string;
  /** Shown between the heading and the cards (an error, a banner). */
  notice?: ReactNode;
  /** The carousel's name in the control labels ("Previous: Recommended Ventures"). */
  label: string;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/** Whether the row can move back and on from where it is (a pixel of rounding left out). */
function scrollState(track: HTMLElement) {
  const previous = track.scrollLeft > 1;
  const next = track.scrollLeft + track.clientWidth < track.scrollWidth - 1;
  return { previous, next };
}

/** The distance from one card to the next: a card's width and the gap. */
function step(track: HTMLElement): number {
  const [first, second] = track.children;
  if (!(first instanceof HTMLElement)) return track.clientWidth;
  if (second instanceof HTMLElement) return second.offsetLeft - first.offsetLeft;
  return first.offsetWidth;
}

/** Keys typed into a field are the field's, not the row's. */
function isTextEntry(target: EventTarget): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * A row of cards, as many side by side as the width allows, moved by the Previous and Next buttons or the
 * arrow keys (Home and End go to the ends), and by a swipe or a trackpad: the browser's own scrolling, each move
 * ending on a card's edge (CSS scroll snap, card-carousel.css). The cards stay a list for assistive technology,
 * and every card is reached with Tab: the browser scrolls a focused card into view. (It was Mantine's Carousel
 * over Embla until the first-load work: 9 KB of a member page's first load for what the browser does.)
 */
export function CardCarousel<T>({
  heading,
  labelledBy,
  notice,
  label,
  items,
  getKey,
  renderItem,
}: CardCarouselProps<T>) {
  const slides = useSlidesPerView();
  const track = useRef<HTMLUListElement>(null);
  const [canScroll, setCanScroll] = useState({ previous: false, next: false });

  const update = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const { previous, next } = scrollState(element);
    // Scrolling says so often; only a change re-renders.
    setCanScroll((now) => (now.previous === previous && now.next === next ? now : { previous, next }));
  }, []);

  // The cards in view and the next three render with the carousel, the others just after in a transition (one long
  // task held the page with 50 cards). The row is as tall as its tallest card, so a taller card laid out
  // later moves what is under the row: those first cards are also laid out at once (card-carousel.css), which makes
  // that rare (Lighthouse's member, three suggestions on a phone, had a shift of 0.03 from its second card).
  const rendered = useRestAfterFirst(items, slides + firstLaidOut);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    update();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [update]);

  // A card added or taken away changes where the row can go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rendered` and `slides` change the row's width.
  useEffect(update, [rendered, slides, update]);

  const move = (by: number) => {
    const element = track.current;
    if (!element) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollBy({ left: by * step(element), behavior: reduced ? 'auto' : 'smooth' });
  };
  const moveTo = (end: 'start' | 'end') => {
    const element = track.current;
    if (!element) return;
    element.scrollTo({ left: end === 'start' ? 0 : element.scrollWidth, behavior: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (isTextEntry(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else if (event.key === 'Home') moveTo('start');
    else if (event.key === 'End') moveTo('end');
    else return;
    event.preventDefault();
  };

  const cards = useMemo(
    () =>
      rendered.map((item) => (
        <li key={getKey(item)} className="ig-carousel-slide">
          {renderItem(item)}
        </li>
      )),
    [rendered, getKey, renderItem],
  );

  const scrollable = items.length > slides;
  return (
    <div className="ig-carousel">
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm" mb="md">
        {heading}
        {scrollable ? (
          <Group gap="xs" wrap="nowrap" className="ig-carousel-controls">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={commonTexts.previous(label)}
              disabled={!canScroll.previous}
              onClick={() => move(-1)}
            >
              <IconChevronLeft size={20} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={commonTexts.next(label)}
              disabled={!canScroll.next}
              onClick={() => move(1)}
            >
              <IconChevronRight size={20} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {notice ? <div className="ig-carousel-notice">{notice}</div> : null}
      <ul
        ref={track}
        aria-labelledby={labelledBy}
        className="ig-carousel-track"
        style={{ '--ig-carousel-slides': slides } as CSSProperties}
        onKeyDown={onKeyDown}
      >
        {cards}
      </ul>
    </div>
  );
}
