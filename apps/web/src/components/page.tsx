import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Use the page width (1280) instead of the content width (1024). */
  wide?: boolean;
  children?: ReactNode;
}

/** A signed-in page: its title as the single h1 and `document.title`, content at the spec's widths. */
export function Page({ title, description, wide, children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={wide ? 'ig-page ig-page-wide' : 'ig-page'}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, xs: 30 }}>
            {title}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </div>
  );
}

/** A page whose content is not built yet: its title and an honest note, nothing pretending to work. */
export function PlaceholderPage({ title, note }: { title: string; note: string }) {
  return (
    <Page title={title}>
      <Paper withBorder radius="md" p="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            <IconTools size={20} />
          </ThemeIcon>
          <Text pt={6}>{note}</Text>
        </Group>
      </Paper>
    </Page>
  );
}
