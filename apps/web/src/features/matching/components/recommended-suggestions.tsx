import type { Suggestion } from '@intergen/contracts';
import { cardName } from '@intergen/domain';
import { Button, EmptyState, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/session';
import { useDismissSuggestion } from '../api/dismiss-suggestion';
import { useSuggestions } from '../api/get-suggestions';
import { matchingUiTexts as t } from './matching-texts';
import { SuggestionCard } from './suggestion-card';

/**
 * The dashboard's recommended connections (spec 000 §2): a company sees Recommended Advisors, an expert
 * Recommended Ventures. Clearing a card asks first, then removes it at once and brings it back if the server
 * refuses.
 */
export function RecommendedSuggestions() {
  const user = useSignedInUser();
  const kind = user.kind ?? 'expert';
  const headingId = useId();
  const suggestions = useSuggestions();
  const dismiss = useDismissSuggestion();
  const [confirming, setConfirming] = useState<Suggestion | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const clear = (suggestion: Suggestion) => {
    setConfirming(null);
    setFailure(null);
    dismiss.mutate(suggestion, {
      onError: (error) =>
        setFailure(t.clearFailed(cardName(suggestion.counterpart.name), errorMessage(error))),
    });
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="xl" id={headingId}>
          {t.recommendedHeading[kind]}
        </Title>
        <ErrorAlert message={failure} />
        {suggestions.isPending ? (
          <ul className="ig-suggestions" aria-busy="true" aria-label={t.loading}>
            {[0, 1, 2].map((n) => (
              <li key={n}>
                <Paper withBorder radius="md" p="md" w="100%">
                  <Group gap="sm" wrap="nowrap" mb="md">
                    <Skeleton height={56} circle />
                    <Stack gap={6} style={{ flex: 1 }}>
                      <Skeleton height={14} width="70%" />
                      <Skeleton height={12} width="50%" />
                    </Stack>
                  </Group>
                  <Skeleton height={12} mb={8} />
                  <Skeleton height={12} width="80%" mb="md" />
                  <Skeleton height={32} />
                </Paper>
              </li>
            ))}
          </ul>
        ) : suggestions.isError ? (
          <Stack gap="xs" align="flex-start">
            <ErrorAlert message={`${t.loadFailed} ${errorMessage(suggestions.error)}`} />
            <Button variant="default" size="xs" onClick={() => suggestions.refetch()}>
              {t.tryAgain}
            </Button>
          </Stack>
        ) : suggestions.data.length === 0 ? (
          <Paper withBorder radius="md" p="lg">
            <EmptyState
              size="sm"
              icon={<IconSparkles aria-hidden="true" />}
              title={t.emptyTitle}
              description={t.emptyDescription[kind]}
            />
          </Paper>
        ) : (
          <ul className="ig-suggestions" aria-labelledby={headingId}>
            {suggestions.data.map((suggestion) => (
              <li key={suggestion.id}>
                <SuggestionCard suggestion={suggestion} onClear={setConfirming} />
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t.clearTitle}>
        {confirming ? (
          <Stack gap="lg">
            <Text>{t.clearBody(cardName(confirming.counterpart.name))}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t.cancel}
              </Button>
              <Button color="red" onClick={() => clear(confirming)}>
                {t.remove}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </section>
  );
}
