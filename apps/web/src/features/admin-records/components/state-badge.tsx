import { Badge } from '@mantine/core';

/** Dark shades: a badge's text keeps AA contrast on the table's striped rows. */
const tones = {
  neutral: 'gray.7',
  active: 'blue.9',
  good: 'teal.9',
  ended: 'grape.9',
  refused: 'red.9',
} as const;
export type Tone = keyof typeof tones;

/** A row's state as an outlined badge. */
export function StateBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <Badge
      variant="outline"
      color={tones[tone]}
      tt="none"
      // The whole state is read, on two lines if need be, never cut off with an ellipsis.
      styles={{
        root: { height: 'auto', maxWidth: '100%', flexShrink: 0 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {label}
    </Badge>
  );
}
