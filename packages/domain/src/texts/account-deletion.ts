/**
 * Deleting an account and a member's own data (spec 000 §4 "Deleting an account removes the user record, profile,
 * suggestions, requests, scores and notifications"; DESIGN.md §4 "Deleting vs disabling"; the own-data
 * download is the app's own). The spec quotes only `Failed to delete account` (profiles.ts); the rest is the
 * app's own wording.
 */

/** What the server answers when a deletion or an export is refused. */
export const accountDeletionMessages = {
  confirmationMismatch: 'The confirmation does not match the member’s e-mail address. Nothing was deleted.',
  passwordWrong: 'The password is incorrect. Your account was not deleted.',
  passwordRequired: 'Enter your password to delete your account.',
  adminNotDeletable: 'An admin account cannot be deleted here.',
  memberNotFound: 'No member has this id.',
} as const;

/** The admin's Delete member action on a member's page. */
export const adminDeleteMemberTexts = {
  action: 'Delete member',
  title: 'Delete this member?',
  intro: (name: string) => `This permanently removes ${name} and everything about them:`,
  removed: [
    'the user record, the sign-in and every open session',
    'the profile, the contact details and the profile picture',
    'suggestions, connection requests, connections, My Network requests and scores',
    'notifications about them, in their centre and in other members’ centres',
    'their tracking events, their e-mails in the mailbox and their CRM contact and deals',
  ],
  irreversible: 'This cannot be undone. The audit log keeps a record that you deleted them.',
  confirmLabel: 'Type the member’s e-mail address to confirm',
  confirmHint: (email: string) => `Type ${email}`,
  confirm: 'Delete member',
  failed: 'The member could not be deleted',
  deleted: 'Member deleted',
  deletedMessage: (name: string) => `${name} and all their data were removed.`,
} as const;

/** The member's own data and account deletion, beside the other account actions. */
export const ownAccountTexts = {
  downloadData: 'Download my data',
  downloadHint:
    'A JSON file with your account, profile, contact details, suggestions, requests, scores and notifications.',
  deleteAction: 'Delete account',
  deleteTitle: 'Delete your account?',
  deleteIntro:
    'Your account, profile, contact details, suggestions, connection requests, connections, scores and notifications will be removed for good. This cannot be undone.',
  deleteDownloadFirst: 'You may want to download your data first.',
  passwordLabel: 'Your password',
  confirm: 'Delete my account',
  failed: 'Failed to delete account',
  /** Shown on the login page after the account was deleted. */
  deleted: 'Your account and all your data were deleted.',
} as const;

/** The file name of a member's data download on a given day (`YYYY-MM-DD`). */
export const accountExportFileName = (day: string) => `intergen-my-data-${day}.json`;
