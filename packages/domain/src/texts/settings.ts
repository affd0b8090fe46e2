/**
 * Settings: the admin's page of run-time settings (DESIGN.md §2, Settings) and the server's answers to
 * its changes. An admin tool: the spec quotes none of these words (spec 001 §9 names the environments, the
 * community-tab flag and the survey forms per environment and role). The rules of the values are in settings.ts.
 */

/** The admin's settings page. */
export const settingsTexts = {
  navLabel: 'Settings',
  pageTitle: 'Settings',
  pageDescription:
    'What admins change while InterGen runs. A saved change takes effect at once on every server, without a restart, and is written to the audit log.',
  loading: 'Loading the settings',
  environmentLabels: { production: 'Production', staging: 'Staging', development: 'Development' },
  /** The badge beside the environment this server runs as. */
  thisServer: 'This server',
  runningAs: (environment: string) => `This server runs as ${environment}: its values apply here.`,
  sections: {
    features: {
      title: 'Features',
      description:
        'The community tab: the expert and venture communities and My Network. Each environment has its own switch.',
    },
    surveyForms: {
      title: 'Survey forms',
      description:
        'The hosted form the review dialog embeds, per environment and role. Leave a field empty to show a rating with an optional comment instead.',
    },
    matching: {
      title: 'Matching',
      description:
        'Suggestions made automatically after a profile is published: how many at most, and the lowest match score that counts.',
    },
    newChangesPopup: {
      title: 'Version popup',
      description:
        'The welcome popup shown once, from the release date on, to members published before it. A later release date shows it again.',
    },
    crm: {
      title: 'CRM board',
      description:
        'An open deal that has stayed in one stage this many days is marked on the built-in CRM board as not moving.',
    },
    support: {
      title: 'Support',
      description: 'The address members write to: shown in Help and on banners, and given in e-mails.',
    },
  },
  communityTabLabel: (environment: string) => `Community tab in ${environment}`,
  surveyFormsOf: (environment: string) => `${environment} forms`,
  expertFormLabel: 'Business advisors’ form',
  companyFormLabel: 'Scaling companies’ form',
  topNLabel: 'Suggestions per published profile',
  topNHint: (min: number, max: number) => `From ${min} to ${max}. 0 makes no automatic suggestions.`,
  minScoreLabel: 'Minimum match score',
  minScoreHint: (min: number, max: number) => `From ${min} to ${max}.`,
  releaseDateLabel: 'Release date',
  popupTitleLabel: 'Title',
  popupIntroLabel: 'Introduction',
  popupItemsLabel: 'What is new',
  popupItemsHint: 'One item per line.',
  supportEmailLabel: 'Support e-mail',
  stalledAfterDaysLabel: 'Days without movement',
  stalledAfterDaysHint: (min: number, max: number) => `From ${min} to ${max}.`,
  save: 'Save settings',
  saved: 'Settings saved. They apply everywhere now.',
  reload: 'Load the current settings',
  /** What each stored setting is called in the audit log. */
  keyLabels: {
    communityTab: 'Community tab',
    surveyForms: 'Survey forms',
    matching: 'Matching thresholds',
    newChangesPopup: 'Version popup',
    supportEmail: 'Support e-mail',
    crm: 'CRM board',
  },
  errors: {
    httpsUrl: 'Enter an address that begins with https://, or leave the field empty.',
    tooLong: (max: number) => `Use at most ${max} characters.`,
    wholeNumber: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
    releaseDate: 'Enter a date as YYYY-MM-DD.',
    required: 'This cannot be empty.',
    tooManyItems: (max: number) => `List at most ${max} items.`,
    invalid: 'Some settings are not valid. Correct the marked fields and save again.',
    alreadyDemo: 'This database is a demo already.',
    conflict:
      'Another admin changed the settings while you were editing. Load the current settings, then make your change again.',
  },
} as const;
