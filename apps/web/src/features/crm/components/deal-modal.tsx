import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Timeline.css';
import { crmTexts as t } from '@intergen/domain';
import { Anchor, Loader, Modal, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useCrmDeal } from '../api/crm-api';
import { partiesOf, partyName } from './deal-board';

const partyLabel = (party: { name: string; companyName: string | null }) =>
  party.companyName ? `${party.companyName} (${party.name})` : party.name;

const when = (ms: number) => new Date(ms).toLocaleString();

/** A deal opened from the board: both parties, every property, and each stage it entered, oldest first. */
export function DealModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useCrmDeal(id);
  const deal = query.data?.deal;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="lg"
      title={deal ? t.dealTitle(partyName(deal.first), partyName(deal.second)) : t.history}
    >
      {query.isPending ? (
        <Loader aria-label={t.history} />
      ) : query.isError ? (
        <ErrorAlert message={errorMessage(query.error)} />
      ) : deal ? (
        <Stack gap="md">
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{partiesOf(deal)[0]}</Table.Th>
                <Table.Td>{partyLabel(deal.first)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{partiesOf(deal)[1]}</Table.Th>
                <Table.Td>{partyLabel(deal.second)}</Table.Td>
              </Table.Tr>
              {Object.entries(deal.properties)
                .filter(([, v]) => v !== null && v !== '')
                .map(([name, value]) => (
                  <Table.Tr key={name}>
                    <Table.Th>{name}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {name === 'recipient_magic_link' || name === 'profile_url' ? (
                        <Anchor href={String(value)} target="_blank" rel="noreferrer">
                          {String(value)}
                        </Anchor>
                      ) : (
                        String(value)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h5">
            {t.history}
          </Title>
          <Timeline active={query.data.history.length - 1} bulletSize={14} lineWidth={2}>
            {query.data.history.map((h) => (
              <Timeline.Item key={h.id} title={h.stage}>
                {h.lostReason ? <Text size="sm">{`${t.lostReason}: ${h.lostReason}`}</Text> : null}
                <Text size="xs" c="dimmed">{`${t.enteredAt} ${when(h.at)}`}</Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      ) : null}
    </Modal>
  );
}
