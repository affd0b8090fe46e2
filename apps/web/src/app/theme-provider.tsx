import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/** Light scheme only, kept in memory: nothing but `hasSeenNewChangesPopup` goes to local storage. */
const inMemoryColorScheme: MantineColorSchemeManager = {
  get: (defaultValue) => defaultValue,
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/** Mantine with the InterGen theme: the app's providers (provider.tsx) and the signed-out entry's. */
export function ThemeProvider({
  children,
  env = 'default',
}: {
  children: ReactNode;
  /** `test` disables transitions and portals (component tests). */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={inMemoryColorScheme}
      defaultColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
