import '@mantine/core/styles/Table.css';
import { limits, crmTexts as t } from '@intergen/domain';
import { Button, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useCrmContacts } from '../api/crm-api';

/** The CRM's contacts by name, searched by name or e-mail; each row opens its properties. */
export function ContactsTable() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), limits.searchDebounceMs);
  const contacts = useCrmContacts(q);
  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label={t.searchContacts}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {contacts.isPending ? (
        <Skeleton height={120} />
      ) : contacts.isError ? (
        <ErrorAlert message={errorMessage(contacts.error)} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t.noContacts}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.contactName}</Table.Th>
                <Table.Th>{t.contactType}</Table.Th>
                <Table.Th>{t.contactStatus}</Table.Th>
                <Table.Th>{t.contactUpdated}</Table.Th>
                <Table.Th>{t.contactProperties}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{String(c.properties.profile_type ?? '')}</Table.Td>
                  <Table.Td>{String(c.properties.profile_status ?? '')}</Table.Td>
                  <Table.Td>{new Date(c.updatedAt).toLocaleString()}</Table.Td>
                  <Table.Td>
                    <details>
                      <summary>{t.contactProperties}</summary>
                      <dl className="ig-crm-properties">
                        {Object.entries(c.properties)
                          .filter(([, v]) => v !== null && v !== '')
                          .map(([name, value]) => (
                            <div key={name}>
                              <dt>{name}</dt>
                              <dd>{String(value)}</dd>
                            </div>
                          ))}
                      </dl>
                    </details>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {contacts.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => contacts.fetchNextPage()}
            loading={contacts.isFetchingNextPage}
          >
            {t.loadMore}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
