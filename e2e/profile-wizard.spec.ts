import { fieldMessages, wizardTexts } from '@intergen/domain';
import { expect, newMember, signUp, test } from './support/fixtures';
import {
  enterVerificationCode,
  expectSaved,
  nextSection,
  ownProfile,
  tick,
  uploadPicture,
  verificationCode,
  verifyAndSubmit,
} from './support/wizard';

test.describe('the profile wizard', () => {
  test('a business advisor completes the wizard, verifies the e-mail and submits for approval', async ({
    page,
    admin,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const member = newMember('wizard-expert');
    await signUp(page, member, 'Business Advisor');

    // Step 1, Basic information
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
    const next = page.getByRole('button', { name: wizardTexts.nextSection });
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    // The reason is reachable by keyboard.
    await next.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText(wizardTexts.nextDisabledTooltip);

    const phone = page.getByRole('textbox', { name: 'Phone number' });
    const linkedin = page.getByRole('textbox', { name: 'LinkedIn profile URL' });
    await phone.fill('123');
    await phone.blur();
    await expect(page.getByText(fieldMessages.phoneInvalid)).toBeVisible();
    await linkedin.fill('example.com');
    await linkedin.blur();
    await expect(page.getByText(fieldMessages.linkedinInvalid)).toBeVisible();

    await phone.fill('(555) 123-4567');
    await linkedin.fill('https://www.linkedin.com/in/test-advisor');
    await expect(page.getByText(fieldMessages.phoneInvalid)).toHaveCount(0);
    await expect(page.getByText(fieldMessages.linkedinInvalid)).toHaveCount(0);
    await tick(page, 'How did you hear about InterGen?', 'Referral');
    await page.getByRole('textbox', { name: 'Who referred you?' }).fill('A colleague');
    await expectSaved(page);
    await nextSection(page, '/profile/experience');

    // Step 2, Connecting You
    await expect(page.getByRole('heading', { level: 1, name: 'Connecting You' })).toBeVisible();
    await tick(page, 'Which industries do you have experience in?', 'Technology', 'Energy');
    await tick(
      page,
      'Which areas can you help companies improve?',
      'Legal',
      'Growth Capital',
      'Market Expansion',
      'Customer Success',
    );
    await tick(page, 'What is your ideal engagement?', 'Mentor');
    await tick(page, 'Which business type do you prefer to work with?', 'B2B');
    await tick(page, 'Which company stages do you like to work with?', 'Scaling', 'Startup');
    await expectSaved(page);
    await nextSection(page, '/profile/interests');

    // Step 3, A Few More Details (with the picture)
    await expect(page.getByRole('heading', { level: 1, name: 'A Few More Details' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Anything else?' }).fill('Thirty years of building engines.');
    await uploadPicture(page, { tryOversize: true });
    await tick(page, 'What type of engagement are you looking for?', 'One company, ongoing');
    await tick(page, 'Arrangement', 'Volunteer');
    await tick(page, 'Are you interested in investment opportunities?', 'Yes');
    await tick(page, 'Are you interested in board opportunities?', 'No');
    await tick(page, 'What are your investing interests?', 'Not interested in investing');
    await expectSaved(page);
    const uploaded = await ownProfile(page);
    expect((uploaded.data.profileImage as { url: string }).url).toMatch(/^\/uploads\//);
    await nextSection(page, '/profile/review');

    // Step 4, Profile Review: the code from the mailbox first, then the submission.
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Review' })).toBeVisible();
    await expect(page.getByTestId('missing-areas')).toHaveCount(0);
    const code = await verificationCode(admin, member.email);
    // The code alone finishes the flow: reloaded before `Continue`, the profile is already submitted.
    await enterVerificationCode(page, code);
    await expect(page.getByRole('dialog', { name: 'Your e-mail is verified' })).toBeVisible();
    await page.reload();
    expect((await ownProfile(page)).status).toBe('pending');
    await page.getByRole('button', { name: wizardTexts.finish }).click();
    await page.waitForURL('**/dashboard');

    const submitted = await ownProfile(page);
    expect(submitted.status).toBe('pending');
    expect(submitted.emailVerified).toBe(true);
    // The version-change popup need not show: the news up to now counts as taken in (the flag holds when).
    const seenAt = Number(await page.evaluate(() => window.localStorage.getItem('hasSeenNewChangesPopup')));
    expect(seenAt).toBeGreaterThan(Date.now() - 10 * 60_000);

    // An admin approves (through the admin API), and the profile is published.
    const approved = await admin.post(`/api/admin/profiles/${submitted.id}/approve`, {
      headers: { origin: baseURL! },
    });
    expect(approved.status()).toBe(200);
    expect((await ownProfile(page)).status).toBe('published');
  });

  test('a save that failed holds the browser’s Back behind the leave prompt; Stay keeps the step, Leave goes', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUp(page, newMember('wizard-leave'), 'Business Advisor');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(555) 123-4567');
    await page
      .getByRole('textbox', { name: 'LinkedIn profile URL' })
      .fill('https://www.linkedin.com/in/leaving');
    await tick(page, 'How did you hear about InterGen?', 'Referral');
    await page.getByRole('textbox', { name: 'Who referred you?' }).fill('A colleague');
    await expectSaved(page);
    await nextSection(page, '/profile/experience');
    const stepTwo = page.getByRole('heading', { level: 1, name: 'Connecting You' });
    await expect(stepTwo).toBeVisible();

    // Every save fails from here: the ticked box stays unsaved.
    await page.route('**/api/profiles/me/sections/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } }),
      }),
    );
    await tick(page, 'Which industries do you have experience in?', 'Technology');
    await expect(page.getByTestId('save-indicator')).not.toHaveText('All Changes Saved');

    // The browser's Back: the step stays, with the question; Stay keeps it.
    await page.goBack();
    const prompt = page.getByRole('dialog', { name: wizardTexts.leaveTitle });
    await expect(prompt).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/experience$/);
    await prompt.getByRole('button', { name: wizardTexts.stayOnPage }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(/\/profile\/experience$/);
    await expect(stepTwo).toBeVisible();
    await expect(
      page
        .getByRole('group', { name: 'Which industries do you have experience in?' })
        .getByLabel('Technology', {
          exact: true,
        }),
    ).toBeChecked();

    // Back again, and Leave: the step before.
    await page.goBack();
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: wizardTexts.leavePage }).click();
    await expect(page).toHaveURL(/\/profile\/about$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Basic information' })).toBeVisible();
  });

  test('a scaling company completes its wizard and publishes; an edit of the published profile needs Update', async ({
    page,
    admin,
  }) => {
    test.setTimeout(120_000);
    const member = newMember('wizard-company');
    await signUp(page, member, 'Scaling Company');
    await page.goto('/profile/about');

    // Step 1, Basic Information
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Information' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Job Title' }).fill('Founder');
    await page.getByRole('textbox', { name: 'Company Name' }).fill('Analytical Engines');
    await page.getByRole('textbox', { name: 'Slogan' }).fill('Numbers, woven.');
    await page.getByRole('textbox', { name: 'Team Size' }).fill('12');
    await page.getByRole('textbox', { name: 'Years operational' }).fill('3');
    const website = page.getByRole('textbox', { name: 'Company website' });
    await website.fill('engines.example');
    await website.blur();
    await expect(page.getByText(fieldMessages.websiteScheme)).toBeVisible();
    await website.fill('https://engines.example');
    await page.getByRole('combobox', { name: 'Annual revenue' }).click();
    await page.getByRole('option', { name: '$1 million to $5 million' }).click();
    await page.getByRole('combobox', { name: 'Capital raised' }).click();
    await page.getByRole('option', { name: 'Less than $250k' }).click();
    await page.getByRole('textbox', { name: 'Phone number' }).fill('555-987-6543');
    await page
      .getByRole('textbox', { name: 'LinkedIn profile URL' })
      .fill('https://linkedin.com/company/engines');
    await tick(page, 'How did you hear about InterGen?', 'Social media');
    await expectSaved(page);
    await nextSection(page, '/profile/seeking');

    // Step 2, Your Connection Needs: at most 3 areas; a fourth is kept, with the spec's message, even after a reload.
    await expect(page.getByRole('heading', { level: 1, name: 'Your Connection Needs' })).toBeVisible();
    await tick(page, 'Which industry is your company in?', 'Manufacturing');
    const areas = page.getByRole('group', { name: /Which areas do you want to improve/ });
    for (const area of ['Legal', 'Growth Capital', 'Market Expansion', 'Customer Success']) {
      await areas.getByLabel(area).check();
    }
    await expect(page.getByText(fieldMessages.areasTooMany)).toBeVisible();
    await expectSaved(page);
    await page.reload();
    await expect(areas.getByLabel('Customer Success')).toBeChecked();
    await expect(page.getByText(fieldMessages.areasTooMany)).toBeVisible();
    await areas.getByLabel('Customer Success').uncheck();
    await expect(page.getByText(fieldMessages.areasTooMany)).toHaveCount(0);
    await tick(page, 'What kind of connection are you looking for?', 'Hands-on', 'Talent');
    await tick(page, 'What is your business type?', 'B2C');
    await tick(page, 'What stage is your company at?', 'Scaling');
    await expectSaved(page);
    await nextSection(page, '/profile/enrichment');

    // Step 3, A Few More Details
    await page.getByRole('textbox', { name: 'Anything else?' }).fill('We weave numbers into cloth.');
    await uploadPicture(page);
    await tick(page, 'Fee arrangement', 'Fee-based');
    await tick(page, 'Are you open to investment opportunities?', 'No');
    await tick(page, 'Are you looking for board members?', 'Yes');
    await expectSaved(page);
    await nextSection(page, '/profile/review');

    // Review: verify and publish.
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Review' })).toBeVisible();
    await expect(page.getByText('Analytical Engines', { exact: true })).toBeVisible();
    await verifyAndSubmit(page, await verificationCode(admin, member.email));
    const published = await ownProfile(page);
    expect(published.status).toBe('published');

    // Editing the published profile holds the change until Update.
    await page.goto('/profile/about');
    await expect(page.getByRole('button', { name: wizardTexts.saveChanges })).toBeVisible();
    const slogan = page.getByRole('textbox', { name: 'Slogan' });
    await slogan.fill('Numbers, woven finer.');
    await expectSaved(page);
    const update = page.getByRole('button', { name: wizardTexts.update });
    await expect(update).toBeVisible();
    const held = await ownProfile(page);
    expect(held.data.slogan).toBe('Numbers, woven.');
    expect(held.pendingChanges).toEqual({ slogan: 'Numbers, woven finer.' });

    await update.click();
    await page.waitForURL('**/profile/public');
    const applied = await ownProfile(page);
    expect(applied.data.slogan).toBe('Numbers, woven finer.');
    expect(applied.pendingChanges).toBeNull();
    await page.goto('/profile/about');
    await expect(page.getByRole('textbox', { name: 'Slogan' })).toHaveValue('Numbers, woven finer.');
    await expect(page.getByRole('button', { name: wizardTexts.saveChanges })).toBeVisible();
  });
});
