import { commonTexts } from '@intergen/domain';
import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * The InterGen theme. Shade 8 as the primary shade keeps white-on-primary and primary-on-white text
 * above the WCAG AA contrast ratio; the system font stack keeps every asset bundled.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '700' },
  components: {
    // Modal width: 460 px, or screen width minus 48 at 640 px or less (the CSS variable in app.css). A plain
    // object rather than `Modal.extend(...)`: naming the component here put Modal's code in every first load.
    Modal: {
      defaultProps: {
        size: 'var(--ig-modal-width)',
        centered: true,
        closeButtonProps: { 'aria-label': commonTexts.close },
      },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    },
  },
});

/** Dimmed text one shade darker than Mantine's default, for AA contrast on white and gray-0. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' },
  dark: {},
});
