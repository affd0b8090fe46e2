import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { LogoMark } from './logo';

interface FullPageMessageProps {
  title: string;
  message: string;
  /** The one way on (Try again, Reload). */
  actionLabel: string;
  onAction: () => void;
}

/** A whole screen that only says what went wrong and offers one way on, under the logo. */
export function FullPageMessage({ title, message, actionLabel, onAction }: FullPageMessageProps) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <LogoMark size={40} />
        <Title order={1} fz={22}>
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button onClick={onAction}>{actionLabel}</Button>
      </Stack>
    </Center>
  );
}
