import type { Suggestion } from '@intergen/contracts';
import {
  commonTexts,
  connectionRequestTexts,
  connectionTimings,
  suggestionTexts as t,
} from '@intergen/domain';
import { Group, Stack, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { CardCarousel, useSlidesPerView } from '../../../components/card-carousel';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadFailed } from '../../../components/load-failed';
import { MemberCardsLoading } from '../../../components/member-card';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSignedInUser } from '../../../lib/session';
import { useDismissSuggestion } from '../api/dismiss-suggestion';
import { useSuggestions } from '../api/get-suggestions';
import { trackEvent } from '../api/track-event';
import { SuggestionCard } from './suggestion-card';

interface RecommendedSuggestionsProps {
  /** The Connect button of a card (the connections feature), composed in by the app layer. */
  renderConnect?: (suggestion: Suggestion, headingId: string) => ReactNode;
  /** Shown beside the heading: the way into the counterparts' community (`See all`), lent by the app layer. */
  headingAction?: ReactNode;
}

/**
 * A suggestion that was just requested stays on screen as `Request Sent` for the spec's 5 seconds ("after 5
 * seconds the request is marked as sent"), even when the list is read again meanwhile and the server, which
 * hides requested suggestions, no longer answers it. Then the list is read again and the card leaves.
 */
function useRequestedHeldBriefly(list: Suggestion[] | undefined): Suggestion[] | undefined {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<Map<string, { suggestion: Suggestion; index: number }>>(new Map());

  // Every version of the list the cache holds is looked at as it is written, not only those rendered: a
  // version marking a request may be replaced by a read of the list before React renders it (a live update).
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const change = (id: string, entry?: { suggestion: Suggestion; index: number }) =>
      setHeld((current) => {
        const next = new Map(current);
        if (entry) next.set(id, entry);
        else next.delete(id);
        return next;
      });
    const hold = (versions?: Suggestion[]) =>
      versions?.forEach((suggestion, index) => {
        const { id } = suggestion;
        if (!suggestion.requestSent || timers.has(id)) return;
        change(id, { suggestion, index });
        timers.set(
          id,
          setTimeout(() => {
            timers.delete(id);
            change(id);
            void queryClient.invalidateQueries({ queryKey: queryKeys.suggestions });
          }, connectionTimings.pendingBannerMs),
        );
      });
    hold(queryClient.getQueryData(queryKeys.suggestions));
    const stop = queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryKey[0] === queryKeys.suggestions[0]) hold(query.state.data);
    });
    return () => {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [queryClient]);

  return useMemo(() => {
    if (!list) return list;
    const shown = [...list];
    for (const { suggestion, index } of held.values()) {
      if (shown.some((s) => s.id === suggestion.id)) continue;
      shown.splice(Math.min(index, shown.length), 0, suggestion);
    }
    return shown;
  }, [list, held]);
}

/**
 * The dashboard's recommended connections (spec 000 §2): a company sees Recommended Advisors, an expert
 * Recommended Ventures, as a carousel. Clearing a card asks first, then removes it at once and brings it back
 * if the server refuses.
 */
export function RecommendedSuggestions({ renderConnect, headingAction }: RecommendedSuggestionsProps) {
  const user = useSignedInUser();
  const kind = user.kind ?? 'expert';
  const headingId = useId();
  const suggestions = useSuggestions();
  const shown = useRequestedHeldBriefly(suggestions.data);
  const dismiss = useDismissSuggestion();
  const slides = useSlidesPerView();
  const [confirming, setConfirming] = useState<Suggestion | null>(null);
  const [lastConfirming, setLastConfirming] = useState<Suggestion | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const ask = (suggestion: Suggestion) => {
    setConfirming(suggestion);
    setLastConfirming(suggestion);
  };

  const clear = (suggestion: Suggestion) => {
    setConfirming(null);
    setFailure(null);
    trackEvent({ type: 'DISMISS_CARD', targetId: suggestion.counterpart.id, tab: 'dashboard' });
    dismiss.mutate(suggestion, {
      onError: (error) => setFailure(t.clearFailed(suggestion.counterpart.name, errorMessage(error))),
    });
  };

  const title = (
    <Title order={2} fz="xl" id={headingId}>
      {t.recommendedHeading[kind]}
    </Title>
  );
  const heading = headingAction ? (
    <Group gap="md" align="baseline" wrap="nowrap">
      {title}
      {headingAction}
    </Group>
  ) : (
    title
  );
  const body = suggestions.isPending ? (
    <MemberCardsLoading label={t.loading} count={slides} />
  ) : suggestions.isError ? (
    <LoadFailed
      message={`${t.loadFailed} ${errorMessage(suggestions.error)}`}
      retryLabel={commonTexts.tryAgain}
      onRetry={() => suggestions.refetch()}
    />
  ) : null;

  const list = shown ?? [];
  return (
    <section aria-labelledby={headingId}>
      {body || list.length === 0 ? (
        <Stack gap="md">
          {heading}
          <ErrorAlert message={failure} />
          {body ?? (
            <EmptyPanel
              icon={<IconSparkles aria-hidden="true" />}
              title={t.emptyTitle}
              description={t.emptyDescription[kind]}
            />
          )}
        </Stack>
      ) : (
        <CardCarousel
          heading={heading}
          labelledBy={headingId}
          notice={failure ? <ErrorAlert message={failure} /> : null}
          label={t.recommendedHeading[kind]}
          items={list}
          getKey={(suggestion) => suggestion.id}
          renderItem={(suggestion) => (
            <SuggestionCard
              suggestion={suggestion}
              onClear={ask}
              connectAction={
                renderConnect ? (cardHeadingId) => renderConnect(suggestion, cardHeadingId) : undefined
              }
            />
          )}
        />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={connectionRequestTexts.clearTitle}
        body={lastConfirming ? t.clearBody(lastConfirming.counterpart.name) : ''}
        confirmLabel={connectionRequestTexts.remove}
        cancelLabel={commonTexts.cancel}
        onConfirm={() => confirming && clear(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
