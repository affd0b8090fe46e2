import { authTexts } from '@intergen/domain';
import { Anchor, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { PageLink } from '../../../components/page-link';

/** An address with the `redirect` the signed-out screens pass on to each other (honoured after sign-in). */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

/** The e-mail box of every signed-out form (required, and the browser offers the saved address). */
export function EmailField(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label={authTexts.email}
      type="email"
      inputMode="email"
      autoComplete="email"
      withAsterisk
      {...props}
    />
  );
}

/** The small centred line under a signed-out form that leads to another screen ("Remembered it? Back to login"). */
export function AuthLinkLine({ lead, to, children }: { lead?: string; to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {lead ? `${lead} ` : null}
      <Anchor component={PageLink} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
