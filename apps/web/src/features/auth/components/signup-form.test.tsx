import { messages } from '@intergen/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorAnswer, installFakeApi, renderApp } from '../../../test/render';
import { signUpProblem } from './signup-form';

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the sign-up', () => {
  it('asks for every field before anything else', async () => {
    const { calls } = installFakeApi();
    renderApp('/signup');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.allFieldsRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for a profile type once the fields are filled', async () => {
    const { calls } = installFakeApi();
    renderApp('/signup');
    await screen.findByRole('button', { name: 'Sign Up' });
    fill(/^Full name/, 'Ada Lovelace');
    fill(/^Email/, 'ada@example.com');
    fill(/^Password/, 'analytical-engine');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.profileTypeRequired);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers the two profile types as a radio group labelled I am...', async () => {
    installFakeApi();
    renderApp('/signup');
    const group = await screen.findByRole('radiogroup', { name: /I am\.\.\./ });
    const advisor = screen.getByRole('radio', { name: /Business Advisor/ });
    const company = screen.getByRole('radio', { name: /Scaling Company/ });
    expect(group.contains(advisor) && group.contains(company)).toBe(true);

    fireEvent.click(company);
    expect(company.getAttribute('aria-checked')).toBe('true');
    expect(advisor.getAttribute('aria-checked')).toBe('false');
  });

  it('sends the form when everything is there, and shows the server message on failure', async () => {
    const { calls } = installFakeApi({
      'POST /api/auth/sign-up': () => errorAnswer(409, 'EMAIL_TAKEN', messages.emailAlreadyRegistered),
    });
    renderApp('/signup');
    fireEvent.click(await screen.findByRole('radio', { name: /Business Advisor/ }));
    fill(/^Full name/, 'Ada Lovelace');
    fill(/^Email/, 'ada@example.com');
    fill(/^Password/, 'analytical-engine');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.emailAlreadyRegistered);
    expect(calls.find((c) => c.path === '/api/auth/sign-up')?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      profileType: 'expert',
    });
  });

  it('checks fields, then the type, then the e-mail and the password', () => {
    const filled = { profileType: 'company', name: 'A B', email: 'a@b.co', password: 'analytical' } as const;
    expect(signUpProblem({ ...filled, name: ' ' })).toBe(messages.allFieldsRequired);
    expect(signUpProblem({ ...filled, profileType: '' })).toBe(messages.profileTypeRequired);
    expect(signUpProblem({ ...filled, email: 'not-an-email' })).toBe(messages.invalidEmail);
    // A look-alike address (a zero-width space inside) is named for what it is.
    expect(signUpProblem({ ...filled, email: 'a\u200b@b.co' })).toBe(messages.emailHiddenCharacters);
    expect(signUpProblem({ ...filled, password: '12345' })).toBe(messages.passwordTooShort);
    expect(signUpProblem(filled)).toBeNull();
  });
});
