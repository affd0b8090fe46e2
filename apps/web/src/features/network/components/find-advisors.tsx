import '@mantine/core/styles/Table.css';
import { commonTexts, communityTexts, limits, networkTexts as t } from '@intergen/domain';
import { Anchor, Button, EmptyState, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/alerts';
import { LoadFailed } from '../../../components/load-failed';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useRequestToNetwork } from '../api/network-actions';
import { useAdvisorSearch } from '../api/search-advisors';
import { myNetworkProfilePath } from '../paths';

/** `/` focuses the field (unless the member is typing elsewhere); Escape blurs it (spec 000 §2). */
function useSlashFocus(ref: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing =
        target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (event.key === '/' && !typing) {
        event.preventDefault();
        ref.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ref]);
}

/**
 * What an empty search says: `No results found` for a name, `You've added everyone` only when the expert has asked
 * or added every advisor the search could offer (spec 000 §2), otherwise that there is nobody to offer yet.
 */
function emptyStateOf(searchText: string, everyoneAdded: boolean) {
  if (searchText) return { title: communityTexts.noResults, description: communityTexts.noResultsHint };
  return { title: everyoneAdded ? t.youveAddedEveryone : t.noAdvisorsToOffer };
}

/**
 * The My Network search (spec 001 §6): advisors connected to the same ventures as the expert, by name
 * (debounced 500 ms), 12 a page with `Load more`, each with `Add to network`.
 */
export function FindAdvisors() {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [searchText] = useDebouncedValue(text.trim().toLowerCase(), limits.searchDebounceMs);
  const search = useAdvisorSearch(searchText);
  const add = useRequestToNetwork();
  const [adding, setAdding] = useState<string | null>(null);
  useSlashFocus(input);
  const advisors = search.data?.pages.flatMap((p) => p.advisors) ?? [];

  let body: React.ReactNode;
  if (search.isPending) body = <Text c="dimmed">{commonTexts.loading}</Text>;
  else if (search.error instanceof ApiError && search.error.status === 403)
    // Refused (e.g. a profile still under review): the server says why; trying again would not help.
    body = <ErrorAlert message={search.error.message} />;
  else if (search.isError)
    body = (
      <LoadFailed
        message={t.searchFailed}
        retryLabel={commonTexts.tryAgain}
        onRetry={() => void search.refetch()}
      />
    );
  else if (advisors.length === 0)
    body = (
      <Paper withBorder radius="md" p="lg">
        <EmptyState
          size="sm"
          icon={<IconUsers aria-hidden="true" />}
          {...emptyStateOf(searchText, search.data.pages[0]?.everyoneAdded ?? false)}
        />
      </Paper>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.tableName}</Table.Th>
              <Table.Th>{t.tableVia}</Table.Th>
              <Table.Th>{t.tableActions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {advisors.map((a) => (
              <Table.Tr key={a.card.id}>
                <Table.Td>
                  <Anchor component={Link} to={myNetworkProfilePath(a.card.id)}>
                    {a.card.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{a.viaCompanyName}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    loading={adding === a.card.id}
                    aria-label={t.addToNetworkNamed(a.card.name)}
                    onClick={() => {
                      setAdding(a.card.id);
                      add.mutate(
                        { expertId: a.card.id, viaCompanyId: a.viaCompanyId },
                        { onSettled: () => setAdding(null) },
                      );
                    }}
                  >
                    {t.addToNetwork}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} fz="xl" id={headingId}>
          {t.findAdvisors}
        </Title>
        <Text c="dimmed" size="sm">
          {t.findAdvisorsHint}
        </Text>
        <TextInput
          ref={input}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Escape only blurs (spec 001 §9): a search field's own Escape would also clear the text.
            if (e.key === 'Escape') {
              e.preventDefault();
              e.currentTarget.blur();
            }
          }}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          placeholder={t.searchPlaceholder}
          aria-label={t.searchLabel}
          type="search"
        />
        {add.error ? <ErrorAlert message={errorMessage(add.error)} /> : null}
        {body}
        {search.hasNextPage ? (
          <Button
            variant="default"
            loading={search.isFetchingNextPage}
            onClick={() => void search.fetchNextPage()}
          >
            {communityTexts.loadMore}
          </Button>
        ) : advisors.length > 0 ? (
          <Text c="dimmed" ta="center">
            {t.thatsEveryoneForNow}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}
