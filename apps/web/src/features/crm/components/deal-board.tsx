import type { CrmDeal } from '@intergen/contracts';
import { crmTexts as t } from '@intergen/domain';
import { Badge, Card, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';

/** The deal's parties as the board names them: expert and venture, or initiator and recipient. */
export function partiesOf(deal: CrmDeal): [string, string] {
  return deal.pipeline === 'connection' ? [t.expert, t.venture] : [t.initiator, t.recipient];
}

function DealCard({ deal, onOpen }: { deal: CrmDeal; onOpen: (id: string) => void }) {
  const [firstLabel, secondLabel] = partiesOf(deal);
  const p = deal.properties;
  return (
    <UnstyledButton
      onClick={() => onOpen(deal.id)}
      aria-label={t.openDeal(deal.first.name, deal.second.name)}
      className="ig-crm-card"
    >
      <Card withBorder padding="sm" radius="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {deal.first.name}
            <Text span c="dimmed" size="xs">
              {` · ${firstLabel}`}
            </Text>
          </Text>
          <Text size="sm" fw={600}>
            {deal.second.name}
            <Text span c="dimmed" size="xs">
              {` · ${secondLabel}`}
            </Text>
          </Text>
          {p.connection_requested_by ? (
            <Text size="xs" c="dimmed">{`${t.requestedBy}: ${p.connection_requested_by}`}</Text>
          ) : null}
          {p.request_message ? (
            <Text size="xs" lineClamp={2}>
              {String(p.request_message)}
            </Text>
          ) : null}
          <Group gap={6}>
            {p.match_score != null ? <Badge variant="light">{`${t.score} ${p.match_score}`}</Badge> : null}
            {p.rating != null ? (
              <Badge variant="light" color="yellow">{`${t.rating} ${p.rating}`}</Badge>
            ) : null}
            {deal.lostReason ? (
              <Badge variant="light" color="red" title={t.lostReason}>
                {deal.lostReason}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** A column per stage, in pipeline order, each with its count and newest deals; scrolls sideways on a phone. */
export function DealBoard({
  columns,
  onOpen,
}: {
  columns: { stage: string; total: number; deals: CrmDeal[] }[];
  onOpen: (id: string) => void;
}) {
  return (
    <ScrollArea type="auto" offsetScrollbars aria-label={t.boardLabel}>
      <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
        {columns.map((column) => (
          <section key={column.stage} className="ig-crm-column" aria-label={column.stage}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Title order={2} size="h5">
                  {column.stage}
                </Title>
                <Badge variant="default" aria-label={t.dealCount(column.total)}>
                  {column.total}
                </Badge>
              </Group>
              {column.deals.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.noDeals}
                </Text>
              ) : (
                column.deals.map((deal) => <DealCard key={deal.id} deal={deal} onOpen={onOpen} />)
              )}
            </Stack>
          </section>
        ))}
      </Group>
    </ScrollArea>
  );
}
