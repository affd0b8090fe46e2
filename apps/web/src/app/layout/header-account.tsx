import type { SessionUser } from '@intergen/contracts';
import { headerFirstName, navigationTexts } from '@intergen/domain';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, type IconUser } from '@tabler/icons-react';
import type { ComponentProps, Ref } from 'react';

/**
 * What the header's navigation (header-nav.tsx) and its menus (header-menus.tsx, loaded on first use) both draw:
 * a link's shape and the name menu's button. In a file of its own so that the menus do not import the navigation
 * that loads them; it goes with the navigation's code, which imports it statically.
 */

export interface HeaderLink {
  to: string;
  label: string;
  icon: typeof IconUser;
}

/** The name menu's button: the member's first name (or "Account") and a chevron. */
export function AccountButton({
  user,
  ref,
  ...props
}: { user: SessionUser; ref?: Ref<HTMLButtonElement> } & ComponentProps<'button'>) {
  return (
    <UnstyledButton ref={ref} className="ig-nav-link" {...props}>
      {headerFirstName(user.firstName) || navigationTexts.account}
      <IconChevronDown size={16} aria-hidden="true" style={{ marginLeft: 4 }} />
    </UnstyledButton>
  );
}
