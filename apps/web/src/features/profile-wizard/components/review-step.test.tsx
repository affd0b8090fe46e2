import type { OwnProfile } from '@intergen/contracts';
import { emailVerificationTexts, messages, profileTexts, wizardTexts } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDraftProfile, completeExpertData } from '../../../test/fixtures';
import {
  buildUser,
  configAnswer,
  errorAnswer,
  type FakeApi,
  installFakeApi,
  newProfile,
  renderApp,
} from '../../../test/render';

const unverifiedExpert = buildUser({
  emailVerified: false,
  profile: newProfile(),
});

function reviewApi(profile: OwnProfile, handlers: FakeApi = {}) {
  let current = profile;
  const api = installFakeApi({
    'GET /api/config': () => configAnswer,
    'GET /api/auth/session': () => ({ body: { user: unverifiedExpert } }),
    'GET /api/profiles/me': () => ({ body: { profile: current } }),
    'POST /api/profiles/me/review-reached': () => ({
      body: { profile: { ...current, onboardingComplete: true } },
    }),
    'POST /api/auth/email-verification/verify': () =>
      errorAnswer(400, 'CODE_INCORRECT', messages.incorrectCode),
    ...handlers,
  });
  return { ...api, setProfile: (next: OwnProfile) => (current = next) };
}

/** Types a 5-character code into the dialog's boxes. */
function typeCode(dialog: HTMLElement, code: string) {
  const boxes = within(dialog).getAllByRole('textbox');
  code.split('').forEach((char, i) => {
    fireEvent.change(boxes[i]!, { target: { value: char } });
  });
}

describe('the review step', () => {
  it('lists each section with its percentage, red under 100, when the profile is incomplete', async () => {
    const { calls } = reviewApi(
      buildDraftProfile('expert', {
        phone: '5551234567',
        linkedin: 'https://www.linkedin.com/in/ada',
        interGenData: { event: true },
        experience: { tech: true },
      }),
    );
    renderApp('/profile/review', { user: unverifiedExpert });

    const panel = await screen.findByTestId('missing-areas');
    expect(within(panel).getByText(profileTexts.missingTitle)).toBeTruthy();
    expect(within(panel).getByText(profileTexts.missingHint)).toBeTruthy();

    const links = within(panel).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Basic information100%', '/profile/about'],
      ['Connecting You20%', '/profile/experience'],
      ['A Few More Details0%', '/profile/interests'],
    ]);
    const percent = (text: string) => within(panel).getByText(text);
    expect(percent('100%').hasAttribute('data-under')).toBe(false);
    expect(percent('20%').hasAttribute('data-under')).toBe(true);
    expect(percent('0%').hasAttribute('data-under')).toBe(true);

    // Reaching the review is told to the server once.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/profiles/me/review-reached')).toHaveLength(1),
    );
    // Finish waits for a complete profile.
    expect(screen.getByRole('button', { name: wizardTexts.finish }).getAttribute('aria-disabled')).toBe(
      'true',
    );
  });

  it('asks an unverified member for the code and refuses fewer than 5 characters without asking the server', async () => {
    const { calls } = reviewApi(buildDraftProfile('expert', completeExpertData));
    renderApp('/profile/review', { user: unverifiedExpert });

    const dialog = await screen.findByRole('dialog', { name: emailVerificationTexts.verificationTitle });
    expect(screen.queryByTestId('missing-areas')).toBeNull();
    const boxes = within(dialog).getAllByRole('textbox');
    expect(boxes).toHaveLength(5);
    fireEvent.change(boxes[0]!, { target: { value: 'a' } });
    fireEvent.change(boxes[1]!, { target: { value: 'b' } });
    fireEvent.change(boxes[2]!, { target: { value: '3' } });
    await waitFor(() => expect((boxes[0] as HTMLInputElement).value).toBe('A'));

    fireEvent.click(
      within(dialog).getByRole('button', { name: emailVerificationTexts.verificationContinue }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain(messages.incompleteCode);
    expect(calls.some((c) => c.path === '/api/auth/email-verification/verify')).toBe(false);

    // A full code is sent upper-cased; the server's answer is shown.
    fireEvent.change(boxes[3]!, { target: { value: 'd' } });
    fireEvent.change(boxes[4]!, { target: { value: 'e' } });
    fireEvent.click(
      within(dialog).getByRole('button', { name: emailVerificationTexts.verificationContinue }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/auth/email-verification/verify')?.body).toEqual({
        code: 'AB3DE',
      }),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain(messages.incorrectCode);
  });

  it('gives the first code box the focus when the verification dialog opens', async () => {
    reviewApi(buildDraftProfile('expert', completeExpertData));
    renderApp('/profile/review', { user: unverifiedExpert });
    const dialog = await screen.findByRole('dialog', { name: emailVerificationTexts.verificationTitle });
    const first = within(dialog).getAllByRole('textbox')[0];
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('after a correct code the server has submitted the profile: Continue goes to the dashboard, nothing more is sent', async () => {
    window.localStorage.clear();
    const complete = buildDraftProfile('expert', completeExpertData, { onboardingComplete: true });
    const api = reviewApi(complete, {
      'POST /api/auth/email-verification/verify': () => {
        api.setProfile({ ...complete, emailVerified: true, status: 'pending', profilePending: true });
        return {
          body: {
            user: buildUser({
              profile: {
                status: 'pending',
                profileComplete: true,
                onboardingComplete: true,
                firstIncompleteStep: null,
              },
            }),
          },
        };
      },
    });
    const { router } = renderApp('/profile/review', { user: unverifiedExpert });
    const dialog = await screen.findByRole('dialog', { name: emailVerificationTexts.verificationTitle });
    typeCode(dialog, 'AB3DE');
    fireEvent.click(
      within(dialog).getByRole('button', { name: emailVerificationTexts.verificationContinue }),
    );

    const verifiedDialog = await screen.findByRole('dialog', { name: emailVerificationTexts.verifiedTitle });
    expect(verifiedDialog.textContent).toContain(emailVerificationTexts.verifiedBody);
    fireEvent.click(
      within(verifiedDialog).getByRole('button', { name: emailVerificationTexts.verificationContinue }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls.some((c) => c.path === '/api/profiles/me/submit')).toBe(false);
    // The news of every release up to now counts as taken in (the flag holds when).
    expect(Number(window.localStorage.getItem('hasSeenNewChangesPopup'))).toBeGreaterThan(
      Date.now() - 60_000,
    );
  }, 20_000);

  it('offers the code entry with an incomplete profile, and verifying then only verifies', async () => {
    const incomplete = buildDraftProfile('expert', { phone: '5551234567' });
    const api = reviewApi(incomplete, {
      'POST /api/auth/email-verification/verify': () => {
        api.setProfile({ ...incomplete, emailVerified: true, hasEmailVerificationCode: false });
        return { body: { user: { ...unverifiedExpert, emailVerified: true } } };
      },
    });
    renderApp('/profile/review', { user: unverifiedExpert });
    await screen.findByTestId('missing-areas');
    // Not opened by itself while the profile is incomplete, but on offer.
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: emailVerificationTexts.enterCode }));
    const dialog = await screen.findByRole('dialog', { name: emailVerificationTexts.verificationTitle });
    typeCode(dialog, 'AB3DE');
    fireEvent.click(
      within(dialog).getByRole('button', { name: emailVerificationTexts.verificationContinue }),
    );

    expect(await screen.findByText(emailVerificationTexts.emailVerifiedNotice)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: emailVerificationTexts.verifiedTitle })).toBeNull();
    expect(screen.queryByRole('button', { name: emailVerificationTexts.enterCode })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/profiles/me/submit')).toBe(false);
  }, 20_000);

  it('says an expired code has expired and sends a new one with one click', async () => {
    const { calls } = reviewApi(buildDraftProfile('expert', completeExpertData), {
      'POST /api/auth/email-verification/verify': () =>
        errorAnswer(400, 'CODE_EXPIRED', messages.verificationCodeExpired),
      'POST /api/auth/email-verification/send': () => ({ body: { message: messages.verificationCodeSent } }),
    });
    renderApp('/profile/review', { user: unverifiedExpert });
    const dialog = await screen.findByRole('dialog', { name: emailVerificationTexts.verificationTitle });
    typeCode(dialog, 'AB3DE');
    fireEvent.click(
      within(dialog).getByRole('button', { name: emailVerificationTexts.verificationContinue }),
    );

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(messages.verificationCodeExpired);
    fireEvent.click(within(alert).getByRole('button', { name: emailVerificationTexts.sendNewCode }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(messages.verificationCodeSent);
    expect(calls.filter((c) => c.path === '/api/auth/email-verification/send')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const boxes = within(dialog).getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.value).join('')).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(boxes[0]));
  }, 20_000);
});
