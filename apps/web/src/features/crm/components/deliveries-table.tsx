import '@mantine/core/styles/Table.css';
import { crmTexts as t } from '@intergen/domain';
import { Button, Skeleton, Table, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/alerts';
import { errorMessage } from '../../../lib/api-client';
import { useCrmDeliveries, useRetryDelivery } from '../api/crm-api';

/** CRM deliveries parked as dead, with their last error; Retry queues one again. */
export function DeliveriesTable() {
  const deliveries = useCrmDeliveries();
  const retry = useRetryDelivery();
  if (deliveries.isPending) return <Skeleton height={80} />;
  if (deliveries.isError) return <ErrorAlert message={errorMessage(deliveries.error)} />;
  const rows = deliveries.data.deliveries;
  return (
    <>
      {retry.isError ? <ErrorAlert message={errorMessage(retry.error)} /> : null}
      {rows.length === 0 ? (
        <Text c="dimmed">{t.noDeliveries}</Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.deliveriesTitle}</Table.Th>
                <Table.Th>{t.deliveryAttempts}</Table.Th>
                <Table.Th>{t.deliveryError}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm">{d.what}</Text>
                    <Text size="xs" c="dimmed">
                      {new Date(d.createdAt).toLocaleString()}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.lastError}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      loading={retry.isPending && retry.variables === d.id}
                      onClick={() => retry.mutate(d.id)}
                    >
                      {t.retry}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
