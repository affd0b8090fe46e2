import { layoutTexts } from '@intergen/domain';
import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while the session (or a lazy page) loads: the whole viewport, announced politely. */
export function FullPageLoader({ label = layoutTexts.loading }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** The same, inside the page layout (under the header). */
export function PageLoader({ label = layoutTexts.loading }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
