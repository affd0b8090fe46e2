import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Timeline.css';
import { crmTexts as t } from '@intergen/domain';
import { Anchor, Loader, Modal, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useId } from 'react';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { type DealMove, useCrmDeal } from '../api/crm-api';
import { daysSince, partiesOf, partyName } from './deal-board';
import { MoveControl } from './move-control';

const partyLabel = (party: { name: string; companyName: string | null }) =>
  party.companyName ? `${party.companyName} (${party.name})` : party.name;

const when = (ms: number) => new Date(ms).toLocaleString();

/** How long the deal stayed in each stage of its history: to the next entry, or to now for the last. */
function stayed(history: { at: number }[], i: number): string {
  const next = history[i + 1];
  return next
    ? `${t.stayed} ${t.duration(daysSince(history[i]!.at, next.at))}`
    : `${t.duration(daysSince(history[i]!.at))} ${t.current}`;
}

/**
 * A deal opened from the board: both parties, every property, Move to stage (`initialStage` chosen when a card was
 * dropped on the lost stage), and each stage it entered, oldest first, with how long it stayed there.
 */
export function DealModal({
  id,
  initialStage,
  saving,
  onMove,
  onClose,
}: {
  id: string | null;
  initialStage?: string | null;
  saving: boolean;
  onMove: (move: DealMove) => void;
  onClose: () => void;
}) {
  const query = useCrmDeal(id);
  const historyId = useId();
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
          <MoveControl
            // Chosen again for each deal, and after each move from what the server now says.
            key={`${deal.id}:${deal.stage}:${deal.lostReason}:${initialStage ?? ''}`}
            deal={deal}
            initialStage={initialStage}
            saving={saving}
            onMove={onMove}
          />
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
          <section aria-labelledby={historyId}>
            <Title order={3} size="h5" id={historyId}>
              {t.history}
            </Title>
            <Timeline active={query.data.history.length - 1} bulletSize={14} lineWidth={2}>
              {query.data.history.map((h, i, all) => (
                <Timeline.Item key={h.id} title={h.stage}>
                  {h.lostReason ? <Text size="sm">{`${t.lostReason}: ${h.lostReason}`}</Text> : null}
                  <Text size="xs" c="dimmed">{`${t.enteredAt} ${when(h.at)} · ${stayed(all, i)}`}</Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </section>
        </Stack>
      ) : null}
    </Modal>
  );
}
