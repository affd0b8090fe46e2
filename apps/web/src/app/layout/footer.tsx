import { isLoggedOutRoute, navigationTexts } from '@intergen/domain';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useUser } from '../../lib/session';
import { useSignOut } from '../../lib/sign-out';
import { useOpenHelp } from './help';

/** The footer appears on most screens, not on the sign-up, login and trailing-slash routes (spec 000 §2). */
export function showsFooter(pathname: string): boolean {
  return !isLoggedOutRoute(pathname) && !pathname.endsWith('/');
}

/** Help, and Log out when signed in (the only way out for people without header access). */
export function Footer() {
  const user = useUser();
  const openHelp = useOpenHelp();
  const signOut = useSignOut();

  return (
    <footer className="ig-footer">
      <div className="ig-footer-inner">
        <Text size="sm" c="dimmed">
          {navigationTexts.copyright(new Date().getFullYear())}
        </Text>
        <Group gap="md">
          <Anchor component="button" type="button" size="sm" onClick={openHelp}>
            {navigationTexts.help}
          </Anchor>
          {user ? (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={14} aria-hidden="true" />}
              onClick={() => signOut.mutate()}
              loading={signOut.isPending}
            >
              {navigationTexts.footerLogOut}
            </Button>
          ) : null}
        </Group>
      </div>
    </footer>
  );
}
