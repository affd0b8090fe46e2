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

/**
 * The same, inside the page layout (under the header): the rest of the screen, so that the footer waits below the
 * fold instead of showing and then being pushed down by the page (a layout shift on every page load).
 */
export function PageLoader({ label }: LoaderProps) {
  return <CentredLoader label={label} minHeight="calc(100dvh - var(--ig-header-height))" />;
}

/** The same, inside a dialog (a profile opened over a page): the height it had before its content came. */
export function DialogLoader({ label }: LoaderProps) {
  return <CentredLoader label={label} minHeight="60vh" />;
}
