/**
 * Access: what a member is told when the read-access rules refuse them (spec 001 §6, Roles and permissions;
 * DESIGN.md §2). The rules themselves are in `read-access.ts`; these words are ours.
 */
export const accessTexts = {
  membersLocked: 'Verify your e-mail address and publish your profile to see other members.',
  communityWhilePending: 'The community opens once your profile is published.',
  /** A paused member (spec 000 §2: the pause banner's resume link; Settings has Resume Account). */
  communityWhilePaused:
    'Your profile is paused. Resume your account (Settings, Resume Account) to see the community again.',
  communityOff: 'The community is not available.',
  /** The banner of a member whose profile the team unpublished (a disable reason): they may sign in, not be seen. */
  unpublishedBanner:
    'Your profile is not published: the InterGen team has taken it off the community. Please get in touch with us to publish it again.',
  /** The button that takes such a member to where they can finish their profile. */
  finishProfile: 'Finish your profile',
} as const;
