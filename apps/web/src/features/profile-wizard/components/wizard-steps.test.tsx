import type { OwnProfile } from '@intergen/contracts';
import { fieldMessages, messages, wizardTexts } from '@intergen/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildDraftProfile, completeExpertData } from '../../../test/fixtures';
import {
  buildUser,
  configAnswer,
  errorAnswer,
  installFakeApi,
  newProfile,
  renderApp,
} from '../../../test/render';

const incompleteUser = (kind: 'expert' | 'company', emailVerified = false) =>
  buildUser({
    kind,
    emailVerified,
    profile: newProfile(),
  });

/** A fake profile API: GET answers `profile`; a section save merges its body (or answers `saveAnswer`). */
function profileApi(
  initial: OwnProfile,
  opts: { saveAnswer?: () => { status: number; body: unknown } } = {},
) {
  let profile = initial;
  return installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/auth/session': () => ({ body: { user: incompleteUser(initial.kind) } }),
    'GET /api/profiles/me': () => ({ body: { profile } }),
    'POST /api/profiles/me/review-reached': () => ({ body: { profile } }),
    ...Object.fromEntries(
      ['basics', 'profile', 'extras'].map((section) => [
        `PUT /api/profiles/me/sections/${section}`,
        (body: unknown) => {
          if (opts.saveAnswer) return opts.saveAnswer();
          profile = { ...profile, data: { ...profile.data, ...(body as object) } as OwnProfile['data'] };
          return { body: { profile } };
        },
      ]),
    ),
  });
}

function nextButton() {
  return screen.getByRole('button', { name: wizardTexts.nextSection });
}

describe('the wizard steps', () => {
  it('keeps Next Section unavailable, with the tooltip, until the step is complete', async () => {
    profileApi(buildDraftProfile('expert'));
    renderApp('/profile/about', { user: incompleteUser('expert') });
    const next = await screen.findByRole('button', { name: wizardTexts.nextSection });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(next);
    expect((await screen.findByRole('tooltip')).textContent).toBe(wizardTexts.nextDisabledTooltip);

    // Pressing it anyway reveals every field's message and stays on the step.
    fireEvent.click(next);
    expect(await screen.findByText(fieldMessages.phoneInvalid)).toBeTruthy();
    expect(screen.getByText(fieldMessages.linkedinInvalid)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Phone number/ }), {
      target: { value: '(555) 123-4567' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /LinkedIn profile URL/ }), {
      target: { value: 'https://www.linkedin.com/in/ada' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Event' }));

    await waitFor(() => expect(nextButton().getAttribute('aria-disabled')).toBeNull());
    expect(screen.queryByText(fieldMessages.phoneInvalid)).toBeNull();
  });

  it('shows a field rule message once the field was visited', async () => {
    profileApi(buildDraftProfile('expert'));
    renderApp('/profile/about', { user: incompleteUser('expert') });
    const phone = await screen.findByRole('textbox', { name: /Phone number/ });
    fireEvent.change(phone, { target: { value: '123' } });
    expect(screen.queryByText(fieldMessages.phoneInvalid)).toBeNull();
    fireEvent.blur(phone);
    expect(await screen.findByText(fieldMessages.phoneInvalid)).toBeTruthy();
  });

  it('lets a company tick a fourth area of improvement and tells it to reduce them to 3', async () => {
    const { calls } = profileApi(buildDraftProfile('company'));
    renderApp('/profile/seeking', { user: incompleteUser('company') });
    const group = await screen.findByRole('group', { name: /Which areas do you want to improve/ });
    const box = (name: string) => within(group).getByRole('checkbox', { name }) as HTMLInputElement;

    fireEvent.click(box('Legal'));
    fireEvent.click(box('Growth Capital'));
    fireEvent.click(box('Market Expansion'));
    expect(screen.queryByText(fieldMessages.areasTooMany)).toBeNull();
    // No box is disabled: the fourth is ticked, and the spec's message says what to do.
    expect(box('Customer Success').disabled).toBe(false);
    fireEvent.click(box('Customer Success'));
    expect(box('Customer Success').checked).toBe(true);
    expect(await screen.findByText(fieldMessages.areasTooMany)).toBeTruthy();
    expect(nextButton().getAttribute('aria-disabled')).toBe('true');
    // The draft is saved as it is, so it is still there after a reload.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
        areasOfImprovement: {
          legal: true,
          growthCapital: true,
          marketExpansion: true,
          customerSuccess: true,
        },
      }),
    );

    // Unticking one clears the message.
    fireEvent.click(box('Legal'));
    await waitFor(() => expect(screen.queryByText(fieldMessages.areasTooMany)).toBeNull());
  }, 20_000);

  it.each([
    ['Team Size', '0', 'companySize', 0, fieldMessages.teamSizePositive],
    ['Years operational', '-3', 'yearsInBusiness', -3, fieldMessages.yearsNegative],
  ])(
    'keeps %s %s as typed, with its message, and saves it',
    async (label, typed, field, value, message) => {
      const { calls } = profileApi(buildDraftProfile('company'));
      renderApp('/profile/about', { user: incompleteUser('company') });
      const input = await screen.findByRole('textbox', { name: new RegExp(label) });
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(await screen.findByText(message)).toBeTruthy();
      // Not silently corrected to the minimum.
      expect((input as HTMLInputElement).value).toBe(typed);
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ [field]: value }),
      );
      expect((screen.getByRole('textbox', { name: new RegExp(label) }) as HTMLInputElement).value).toBe(
        typed,
      );
    },
    20_000,
  );

  it('shows a wrong value kept from an earlier visit with its message at once, after a reload', async () => {
    profileApi(buildDraftProfile('company', { companySize: 0, yearsInBusiness: -1 }));
    renderApp('/profile/about', { user: incompleteUser('company') });
    const size = await screen.findByRole('textbox', { name: /Team Size/ });
    expect((size as HTMLInputElement).value).toBe('0');
    expect(screen.getByText(fieldMessages.teamSizePositive)).toBeTruthy();
    expect(screen.getByText(fieldMessages.yearsNegative)).toBeTruthy();
    // A field merely empty waits until it is visited or Next is pressed.
    expect(screen.queryByText(fieldMessages.jobTitleRequired)).toBeNull();
  });

  it('marks a step done in the step bar only when its section is complete', async () => {
    profileApi(buildDraftProfile('expert', { ...completeExpertData, experience: null }));
    renderApp('/profile/interests', { user: incompleteUser('expert') });
    const nav = await screen.findByRole('navigation', { name: wizardTexts.stepsLabel });
    const steps = within(nav).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['done', 'todo', 'current', 'todo']);
    expect(steps[0]!.textContent).toBe(`Step 1 of 4: Basic information, ${wizardTexts.stepDone}`);
    expect(steps[1]!.textContent).not.toContain(wizardTexts.stepDone);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
    // Earlier steps, done or not, stay reachable from the bar.
    expect(within(steps[1]!).getByRole('button', { name: /Connecting You/ })).toBeTruthy();
    expect(within(steps[3]!).queryByRole('button')).toBeNull();
  });

  it('shows the stored phone number formatted, as on the profile page', async () => {
    profileApi(buildDraftProfile('expert', completeExpertData));
    renderApp('/profile/about', { user: incompleteUser('expert') });
    const phone = await screen.findByRole('textbox', { name: /Phone number/ });
    expect((phone as HTMLInputElement).value).toBe('(555) 123-4567');
  });

  it('tells a company with more than 3 areas to reduce them', async () => {
    profileApi(
      buildDraftProfile('company', {
        areasOfImprovement: {
          legal: true,
          growthCapital: true,
          marketExpansion: true,
          customerSuccess: true,
        },
      }),
    );
    renderApp('/profile/seeking', { user: incompleteUser('company') });
    fireEvent.click(await screen.findByRole('button', { name: wizardTexts.nextSection }));
    expect(await screen.findByText(fieldMessages.areasTooMany)).toBeTruthy();
  });

  it('sends one save for rapid typing, 500 ms after the last change, and says so', async () => {
    const { calls } = profileApi(buildDraftProfile('expert'));
    renderApp('/profile/about', { user: incompleteUser('expert') });
    const linkedin = await screen.findByRole('textbox', { name: /LinkedIn profile URL/ });
    const indicator = screen.getByTestId('save-indicator');
    expect(indicator.getAttribute('aria-live')).toBe('polite');

    // The clock is the test's while typing: a busy machine cannot stretch a keystroke's gap past 500 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const url = 'https://www.linkedin.com/in/ada';
    const puts = () => calls.filter((c) => c.method === 'PUT');
    try {
      for (let i = 20; i <= url.length; i += 1) {
        fireEvent.change(linkedin, { target: { value: url.slice(0, i) } });
        // 450 ms between keystrokes: each change starts the 500 ms wait again.
        await act(() => vi.advanceTimersByTime(450));
      }
      expect(indicator.textContent).toBe(wizardTexts.saving);
      expect(puts()).toHaveLength(0);
      await act(() => vi.advanceTimersByTime(60));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(indicator.textContent).toBe(wizardTexts.allSaved));
    expect(puts()).toHaveLength(1);
    expect(puts()[0]).toMatchObject({ path: '/api/profiles/me/sections/basics', body: { linkedin: url } });
  });

  it('keeps the typed value and shows the error when a save fails', async () => {
    profileApi(buildDraftProfile('expert'), {
      saveAnswer: () => errorAnswer(500, 'INTERNAL', messages.somethingWentWrong),
    });
    renderApp('/profile/about', { user: incompleteUser('expert') });
    const about = await screen.findByRole('textbox', { name: /About you/ });
    fireEvent.change(about, { target: { value: 'I build engines.' } });

    const alert = await screen.findByRole('alert', {});
    expect(alert.textContent).toContain(messages.somethingWentWrong);
    expect((screen.getByRole('textbox', { name: /About you/ }) as HTMLTextAreaElement).value).toBe(
      'I build engines.',
    );
    expect(screen.getByTestId('save-indicator').textContent).not.toBe(wizardTexts.allSaved);
  });

  it('asks before leaving while a save is under way, and lets go once it is done', async () => {
    profileApi(buildDraftProfile('expert'));
    const { router } = renderApp('/profile/about', { user: incompleteUser('expert') });
    const about = await screen.findByRole('textbox', { name: /About you/ });
    fireEvent.change(about, { target: { value: 'Still typing' } });

    await act(() => router.navigate('/profile/experience'));
    const dialog = await screen.findByRole('dialog', { name: wizardTexts.leaveTitle });
    expect(dialog.textContent).toContain(wizardTexts.leaveWhileSaving);
    fireEvent.click(within(dialog).getByRole('button', { name: wizardTexts.stayOnPage }));
    expect(router.state.location.pathname).toBe('/profile/about');

    await waitFor(() => expect(screen.getByTestId('save-indicator').textContent).toBe(wizardTexts.allSaved));
    await act(() => router.navigate('/profile/experience'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/experience'));
  });

  it('marks the field the server refused with its message', async () => {
    profileApi(buildDraftProfile('company'), {
      saveAnswer: () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Company Name is too long',
            details: [{ path: 'companyName', message: 'Company Name is too long' }],
          },
        },
      }),
    });
    renderApp('/profile/about', { user: incompleteUser('company') });
    const name = await screen.findByRole('textbox', { name: /Company Name/ });
    fireEvent.change(name, { target: { value: 'Analytical Engines' } });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Company Name is too long').length).toBeGreaterThan(0);
  });

  it('sends a member of the other kind to their own first step', async () => {
    profileApi(buildDraftProfile('company'));
    const { router } = renderApp('/profile/experience', { user: incompleteUser('company') });
    await screen.findByRole('heading', { level: 1, name: 'Basic Information' });
    expect(router.state.location.pathname).toBe('/profile/about');
  });

  it('offers Update on a published profile with pending changes', async () => {
    profileApi(
      buildDraftProfile('expert', completeExpertData, {
        status: 'published',
        profilePublished: true,
        onboardingComplete: true,
        emailVerified: true,
        pendingChanges: { about: 'New words' },
      }),
    );
    renderApp('/profile/about', { user: buildUser() });
    expect(await screen.findByRole('button', { name: wizardTexts.update })).toBeTruthy();
  });
});
