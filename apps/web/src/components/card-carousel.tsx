import './card-carousel.css';
import { carouselSlidesPerView, commonTexts } from '@intergen/domain';
import { Carousel } from '@mantine/carousel';
import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { usePublicConfig } from '../lib/config';
import { useRestAfterFirst } from '../lib/rest-after-first';

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

/**
 * A row of cards, as many side by side as the width allows, moved by the Previous and Next buttons or the
 * arrow keys (Home and End go to the ends). The cards stay a list for assistive technology, and every card is
 * reached with Tab: focusing a card scrolls it into view.
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
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [canScroll, setCanScroll] = useState({ previous: false, next: false });

  const update = useCallback((api: EmblaCarouselType) => {
    const previous = api.canScrollPrev();
    const next = api.canScrollNext();
    // Embla says `resize` and `reInit` often; only a change re-renders.
    setCanScroll((now) => (now.previous === previous && now.next === next ? now : { previous, next }));
  }, []);

  useEffect(() => {
    if (!embla) return;
    update(embla);
    embla.on('select', update).on('reInit', update).on('resize', update);
    return () => {
      embla.off('select', update).off('reInit', update).off('resize', update);
    };
  }, [embla, update]);

  // The cards in view render with the carousel, the others just after in a transition (one long task held the
  // page with 50 cards, issue 15).
  const rendered = useRestAfterFirst(items, slides);
  // The slides are kept between the carousel's own updates (its scroll state), which then leave the cards alone.
  const slideElements = useMemo(
    () =>
      rendered.map((item) => (
        <Carousel.Slide
          key={getKey(item)}
          role="listitem"
          aria-roledescription={undefined}
          aria-label={undefined}
          className="ig-carousel-slide"
        >
          {renderItem(item)}
        </Carousel.Slide>
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
              onClick={() => embla?.scrollPrev()}
            >
              <IconChevronLeft size={20} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={commonTexts.next(label)}
              disabled={!canScroll.next}
              onClick={() => embla?.scrollNext()}
            >
              <IconChevronRight size={20} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
      {notice ? <div className="ig-carousel-notice">{notice}</div> : null}
      <Carousel
        aria-labelledby={labelledBy}
        withControls={false}
        slideSize={`${100 / slides}%`}
        slideGap="md"
        emblaOptions={{ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 1 }}
        getEmblaApi={setEmbla}
        attributes={{ container: { role: 'list', 'aria-labelledby': labelledBy } }}
      >
        {slideElements}
      </Carousel>
    </div>
  );
}
