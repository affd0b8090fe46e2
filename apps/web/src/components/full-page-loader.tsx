import { commonTexts } from '@intergen/domain';
import { Center, Loader, Stack, Text } from '@mantine/core';

interface LoaderProps {
  /** What is loading, shown under the spinner and announced. */
  label?: string;
}

function CentredLoader({ label = commonTexts.loading, minHeight }: LoaderProps & { minHeight: string }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** Shown while the session (or a lazy page) loads: the whole viewport, announced politely. */
export function FullPageLoader({ label }: LoaderProps) {
  return <CentredLoader label={label} minHeight="100dvh" />;
}

/** The same, inside the page layout (under the header). */
export function PageLoader({ label }: LoaderProps) {
  return <CentredLoader label={label} minHeight="60vh" />;
}
