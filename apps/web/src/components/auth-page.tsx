import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/page-title';

interface AuthPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card that every signed-out screen (login, sign-up, password, one-time link) uses. */
export function AuthPage({ title, description, children }: AuthPageProps) {
  usePageTitle(title);
  return (
    <div className="ig-auth-page">
      <Paper className="ig-auth-card" withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} fz={26}>
              {title}
            </Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </div>
  );
}
