import { useDisclosure } from '@mantine/hooks';
import { createContext, lazy, type ReactNode, Suspense, use, useState } from 'react';

/** The dialog's code (a modal and its focus trap) loads when Help is first opened. */
const HelpModal = lazy(async () => ({ default: (await import('./help-dialog')).HelpModal }));

const OpenHelpContext = createContext<() => void>(() => {});

/** Opens the help modal from anywhere in the layout (header, narrow menu, footer). */
export function useOpenHelp(): () => void {
  return use(OpenHelpContext);
}

export function HelpProvider({ children }: { children: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so that closing plays the modal's transition.
  const [used, setUsed] = useState(false);
  const openHelp = () => {
    setUsed(true);
    open();
  };
  return (
    <OpenHelpContext value={openHelp}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <HelpModal opened={opened} onClose={close} />
        </Suspense>
      ) : null}
    </OpenHelpContext>
  );
}
