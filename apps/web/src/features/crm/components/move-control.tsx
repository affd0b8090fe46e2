import type { CrmDeal } from '@intergen/contracts';
import { lostReasonsOf, lostStageOf, pipelineStages, crmTexts as t } from '@intergen/domain';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import type { DealMove } from '../api/crm-api';

/**
 * Move to stage: the keyboard's and the small screen's way to move a deal (a pointer can also drag its card).
 * The stages of the deal's pipeline; the lost stage asks for one of its lost reasons, as the server does.
 */
export function MoveControl({
  deal,
  initialStage,
  saving,
  onMove,
}: {
  deal: CrmDeal;
  initialStage?: string | null;
  saving: boolean;
  onMove: (move: DealMove) => void;
}) {
  const [stage, setStage] = useState(initialStage ?? deal.stage);
  const [reason, setReason] = useState(deal.lostReason ?? '');
  const lost = stage === lostStageOf(deal.pipeline);
  const lostReason = lost ? reason || null : null;
  const unchanged = stage === deal.stage && lostReason === deal.lostReason;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onMove({ deal, stage, lostReason });
      }}
    >
      <Group align="end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t.moveToStage}
          value={stage}
          onChange={(e) => setStage(e.currentTarget.value)}
          data={[...pipelineStages(deal.pipeline)]}
        />
        {lost ? (
          <NativeSelect
            label={t.moveLostReason}
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data={[
              { value: '', label: '' },
              ...lostReasonsOf(deal.pipeline).map((r) => ({ value: r, label: t.lostReasonLabel(r) })),
            ]}
          />
        ) : null}
        <Button type="submit" loading={saving} disabled={unchanged || (lost && !reason)}>
          {t.moveSubmit}
        </Button>
      </Group>
    </form>
  );
}
