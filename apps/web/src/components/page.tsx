import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

interface PageProps {
  title: string;
  /** A chip beside the title (the profile type, for instance). */
  badge?: string;
  description?: ReactNode;
  /** Use the page width (1280) instead of the content width (1024). */
  wide?: boolean;
  children?: ReactNode;
}

/** A signed-in page: its title as the single h1 and `document.title`, content at the spec's widths. */
export function Page({ title, badge, description, wide, children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={wide ? 'ig-page ig-page-wide' : 'ig-page'}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, xs: 30 }}>
              {title}
            </Title>
            {badge ? (
              <Badge variant="light" size="lg">
                {badge}
              </Badge>
            ) : null}
          </Group>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </div>
  );
}

/** A page whose content is not built yet: its title and an honest note, nothing pretending to work. */
export function PlaceholderPage({
  title,
  badge,
  note,
  children,
}: {
  title: string;
  badge?: string;
  note: string;
  children?: ReactNode;
}) {
  return (
    <Page title={title} badge={badge}>
      <Paper withBorder radius="md" p="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            <IconTools size={20} />
          </ThemeIcon>
          <Text pt={6}>{note}</Text>
        </Group>
      </Paper>
      {children}
    </Page>
  );
}
