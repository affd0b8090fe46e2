import { layoutTexts } from '@intergen/domain';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { LogoMark } from '../../components/logo';

/** The last resort when a page fails to load or render (a new deployment's chunks, for instance). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <LogoMark size={40} />
        <Title order={1} fz={22}>
          {layoutTexts.pageFailedTitle}
        </Title>
        <Text c="dimmed">{layoutTexts.pageFailedBody}</Text>
        <Button onClick={() => window.location.reload()}>{layoutTexts.reload}</Button>
      </Stack>
    </Center>
  );
}
