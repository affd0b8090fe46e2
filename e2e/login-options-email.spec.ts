import { authTexts, messages } from '@intergen/domain';
import { expect, test } from './support/fixtures';

test('a deal link’s one-time-link button with no e-mail typed says on the field that the e-mail is needed', async ({
  page,
}) => {
  await page.goto('/login-options?login=someone&deal=42&redirect=%2Fdashboard');
  await page.getByRole('button', { name: authTexts.signInWithOneTimeLink }).click();
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(page.getByRole('alert').filter({ hasText: messages.oneTimeLinkMissingData })).toBeVisible();
  await expect(page.getByText(authTexts.oneTimeLinkEmailNeeded)).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await email.fill('ada@example.com');
  await expect(page.getByText(authTexts.oneTimeLinkEmailNeeded)).toHaveCount(0);
});
