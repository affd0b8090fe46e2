import { EmptyState, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyPanelProps {
  /** The state's icon, hidden from assistive technology (`aria-hidden`). */
  icon: ReactNode;
  title: string;
  description?: string;
}

/** A dashboard section with nothing to show: the empty state in a bordered panel where its cards would be. */
export function EmptyPanel({ icon, title, description }: EmptyPanelProps) {
  return (
    <Paper withBorder radius="md" p="lg">
      <EmptyState size="sm" icon={icon} title={title} description={description} />
    </Paper>
  );
}
