import type { AdminSettingsResponse, UpdateSettingsBody } from '@intergen/contracts';
import { defaultNewChangesPopup, messages, settingsTexts as t } from '@intergen/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, configAnswer, errorAnswer, installFakeApi, renderApp } from '../../../test/render';

const admin = buildUser({ kind: null, isAdmin: true, profile: null, firstName: 'Admin' });

function settingsAnswer(overrides: Partial<AdminSettingsResponse['settings']> = {}): AdminSettingsResponse {
  return {
    appEnv: 'staging',
    revision: 'rev-1',
    settings: {
      communityTab: { production: true, staging: false, development: false },
      surveyForms: {
        production: { expert: '', company: '' },
        staging: { expert: '', company: '' },
        development: { expert: '', company: '' },
      },
      matching: { topN: 5, minScore: 60 },
      newChangesPopup: { ...defaultNewChangesPopup, items: [...defaultNewChangesPopup.items] },
      supportEmail: 'support@intergen.local',
      crm: { stalledAfterDays: 14 },
      ...overrides,
    },
  };
}

const section = (name: string) => screen.getByRole('region', { name });
const field = (sectionName: string, label: string | RegExp) =>
  within(section(sectionName)).getByLabelText(label) as HTMLInputElement;
const surveyField = (environment: string, label: string) =>
  within(screen.getByRole('group', { name: new RegExp(t.surveyFormsOf(environment)) })).getByLabelText(
    label,
  ) as HTMLInputElement;

/** Opens the page as an admin and waits for the form. */
async function openSettings() {
  renderApp('/admin/settings', { user: admin });
  await screen.findByRole('button', { name: t.save });
}

describe('the admin settings page', () => {
  it('shows every section with this server’s environment marked, and saves a change with its revision', async () => {
    const puts: UpdateSettingsBody[] = [];
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/settings': () => ({ body: settingsAnswer() }),
      'PUT /api/admin/settings': (body) => {
        puts.push(body as UpdateSettingsBody);
        return { body: { ...settingsAnswer((body as UpdateSettingsBody).settings), revision: 'rev-2' } };
      },
    });
    await openSettings();
    for (const s of Object.values(t.sections)) expect(section(s.title)).toBeTruthy();
    expect(screen.getByText(t.runningAs(t.environmentLabels.staging))).toBeTruthy();
    // The staging switch and the staging forms carry the badge; the others do not.
    const features = section(t.sections.features.title);
    expect(within(features).getAllByText(t.thisServer)).toHaveLength(1);
    const stagingSwitch = within(features).getByRole('switch', {
      name: t.communityTabLabel(t.environmentLabels.staging),
    }) as HTMLInputElement;
    expect(stagingSwitch.closest('.mantine-Group-root')?.textContent).toContain(t.thisServer);
    expect(
      within(screen.getByRole('group', { name: new RegExp(t.surveyFormsOf('Staging')) })).getByText(
        t.thisServer,
      ),
    ).toBeTruthy();

    fireEvent.click(stagingSwitch);
    fireEvent.change(surveyField('Staging', t.expertFormLabel), {
      target: { value: 'https://forms.example.com/advisors' },
    });
    fireEvent.change(field(t.sections.matching.title, t.topNLabel), { target: { value: '3' } });
    fireEvent.change(field(t.sections.newChangesPopup.title, t.popupItemsLabel), {
      target: { value: 'First news\n\n  Second news  \n' },
    });
    fireEvent.click(screen.getByRole('button', { name: t.save }));

    expect(await screen.findByText(t.saved)).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.revision).toBe('rev-1');
    expect(puts[0]!.settings.communityTab.staging).toBe(true);
    expect(puts[0]!.settings.surveyForms.staging.expert).toBe('https://forms.example.com/advisors');
    expect(puts[0]!.settings.matching.topN).toBe(3);
    expect(puts[0]!.settings.newChangesPopup.items).toEqual(['First news', 'Second news']);

    // The next save goes with the revision the server answered.
    fireEvent.change(field(t.sections.support.title, t.supportEmailLabel), {
      target: { value: 'help@intergen.example' },
    });
    expect(screen.queryByText(t.saved)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.revision).toBe('rev-2');
    expect(puts[1]!.settings.supportEmail).toBe('help@intergen.example');
  });

  it('checks the fields with the server’s rules before sending, and shows the server’s problems on their fields', async () => {
    const { calls } = installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/settings': () => ({ body: settingsAnswer() }),
      'PUT /api/admin/settings': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: messages.invalidEmail,
            details: [
              { path: 'settings.supportEmail', message: messages.invalidEmail },
              { path: 'settings.newChangesPopup.items.1', message: t.errors.tooLong(300) },
            ],
          },
        },
      }),
    });
    await openSettings();

    // Refused here: nothing is sent.
    const expertForm = surveyField('Production', t.expertFormLabel);
    fireEvent.change(expertForm, { target: { value: 'http://forms.example.com' } });
    fireEvent.change(field(t.sections.matching.title, t.minScoreLabel), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.errors.httpsUrl)).toBeTruthy();
    expect(screen.getByText(t.errors.wholeNumber(0, 100))).toBeTruthy();
    expect(expertForm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain(t.errors.invalid);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Corrected, sent, and refused by the server: its messages land on their fields.
    fireEvent.change(expertForm, { target: { value: 'https://forms.example.com' } });
    fireEvent.change(field(t.sections.matching.title, t.minScoreLabel), { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    const email = field(t.sections.support.title, t.supportEmailLabel);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(within(section(t.sections.support.title)).getByText(messages.invalidEmail)).toBeTruthy();
    expect(within(section(t.sections.newChangesPopup.title)).getByText(t.errors.tooLong(300))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('sets the CRM board’s days without movement, a whole number in its range', async () => {
    const puts: UpdateSettingsBody[] = [];
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/settings': () => ({ body: settingsAnswer() }),
      'PUT /api/admin/settings': (body) => {
        puts.push(body as UpdateSettingsBody);
        return { body: { ...settingsAnswer((body as UpdateSettingsBody).settings), revision: 'rev-2' } };
      },
    });
    await openSettings();
    const days = field(t.sections.crm.title, t.stalledAfterDaysLabel);
    expect(days.value).toBe('14');
    fireEvent.change(days, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await within(section(t.sections.crm.title)).findByText(t.errors.wholeNumber(1, 365))).toBeTruthy();
    expect(puts).toHaveLength(0);
    fireEvent.change(days, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.settings.crm).toEqual({ stalledAfterDays: 30 });
  });

  it('reports a change another admin saved meanwhile and loads the current settings on request', async () => {
    let current = settingsAnswer();
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/settings': () => ({ body: current }),
      'PUT /api/admin/settings': () => errorAnswer(409, 'CONFLICT', t.errors.conflict),
    });
    await openSettings();
    current = { ...settingsAnswer({ supportEmail: 'other-admin@intergen.example' }), revision: 'rev-9' };
    fireEvent.change(field(t.sections.matching.title, t.topNLabel), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.errors.conflict)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.reload }));
    await waitFor(() =>
      expect(field(t.sections.support.title, t.supportEmailLabel).value).toBe('other-admin@intergen.example'),
    );
    expect(field(t.sections.matching.title, t.topNLabel).value).toBe('5');
    expect(screen.queryByText(t.errors.conflict)).toBeNull();
  });

  it('is in the admin navigation', async () => {
    installFakeApi({
      'GET /api/config': () => configAnswer,
      'GET /api/admin/settings': () => ({ body: settingsAnswer() }),
    });
    renderApp('/admin/settings', { user: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: t.navLabel }).getAttribute('aria-current')).toBe('page');
  });
});
