import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Use the page width (1280) instead of the content width (1024). */
  wide?: boolean;
  /** Above the title: a `Back` button, for instance. */
  back?: ReactNode;
  children?: ReactNode;
}

/** A signed-in page: its title as the single h1 and `document.title`, content at the spec's widths. */
export function Page({ title, description, wide, back, children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={wide ? 'ig-page ig-page-wide' : 'ig-page'}>
      <Stack gap="lg">
        <Stack gap={6}>
          {back}
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
