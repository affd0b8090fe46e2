import { limits } from '@intergen/domain';

export interface MailContent {
  subject: string;
  text: string;
}

const minutes = (ms: number) => Math.round(ms / 60000);
const signature = '\n\n— The InterGen Team';
/** A member's own words in a plain-text mail, set apart line by line. */
const quoted = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => `    ${line}`)
    .join('\n');

/** Every e-mail the app sends, in one place, each with its plain-text body (links and codes readable). */
export const mailTemplates = {
  emailVerification(p: { firstName: string; code: string; profileUrl: string }): MailContent {
    return {
      subject: 'Verify your InterGen e-mail address',
      text:
        `Hi ${p.firstName},\n\nWelcome to InterGen! Your e-mail verification code is:\n\n    ${p.code}\n\n` +
        `Enter it on the Profile Review step of your profile. The code is valid for ${minutes(limits.verificationCodeTtlMs)} minutes.\n\n` +
        `Continue your profile: ${p.profileUrl}${signature}`,
    };
  },
  passwordReset(p: { firstName: string; url: string }): MailContent {
    return {
      subject: 'Reset your InterGen password',
      text:
        `Hi ${p.firstName},\n\nWe received a request to reset your InterGen password. Set a new one here:\n\n${p.url}\n\n` +
        `The link is valid for ${minutes(limits.tokenTtlMs)} minutes and works once. If you did not ask for this, ignore this e-mail: your password stays as it is.${signature}`,
    };
  },
  oneTimeLogin(p: { firstName: string; url: string }): MailContent {
    return {
      subject: 'Your InterGen sign-in link',
      text:
        `Hi ${p.firstName},\n\nUse this link to sign in to InterGen:\n\n${p.url}\n\n` +
        `The link is valid for ${minutes(limits.tokenTtlMs)} minutes and works once. Your password is unchanged.${signature}`,
    };
  },
  profilePaused(p: { firstName: string; url: string }): MailContent {
    return {
      subject: 'Your InterGen account is paused',
      text:
        `Hi ${p.firstName},\n\nYour InterGen account is now paused: your profile is hidden and you will not receive new connection requests.\n\n` +
        `You can still log in, and resume your account at any time from your profile:\n\n${p.url}${signature}`,
    };
  },
  profileResumed(p: { firstName: string; url: string }): MailContent {
    return {
      subject: 'Welcome back to InterGen',
      text:
        `Hi ${p.firstName},\n\nYour InterGen account is active again: your profile is visible and you can receive connection requests.\n\n` +
        `Go to your dashboard: ${p.url}${signature}`,
    };
  },
  accountDisabled(p: { firstName: string; supportEmail: string }): MailContent {
    return {
      subject: 'Your InterGen account is disabled',
      text:
        `Hi ${p.firstName},\n\nAs you asked, your InterGen account is disabled: your profile is no longer shown and you can no longer log in.\n\n` +
        `If this was not you, or you change your mind, write to us at ${p.supportEmail}.${signature}`,
    };
  },
  profileApproved(p: { firstName: string; url: string }): MailContent {
    return {
      subject: 'Your InterGen profile is published',
      text:
        `Hi ${p.firstName},\n\nGood news: your InterGen profile has been approved and is now published. You can begin exploring and receiving connection opportunities.\n\n` +
        `Go to your dashboard: ${p.url}${signature}`,
    };
  },
  // Notification e-mails (one per notification, sent by the notifications module's outbox job).
  newSuggestion(p: { firstName: string; counterpart: string; url: string }): MailContent {
    return {
      subject: 'You have a new match suggestion on InterGen',
      text:
        `Hi ${p.firstName},\n\nWe found a new match for you: ${p.counterpart}. See why you match and connect from your dashboard:\n\n` +
        `${p.url}${signature}`,
    };
  },
  requestReceived(p: { firstName: string; requester: string; message: string; url: string }): MailContent {
    const message = p.message.trim();
    return {
      subject: `${p.requester} sent you a connection request on InterGen`,
      text:
        `Hi ${p.firstName},\n\n${p.requester} would like to connect with you on InterGen.` +
        (message ? `\n\nTheir message:\n\n${quoted(message)}` : '') +
        `\n\nAccept or decline the request from your dashboard:\n\n${p.url}${signature}`,
    };
  },
  requestAccepted(p: { firstName: string; counterpart: string; url: string }): MailContent {
    return {
      subject: `${p.counterpart} accepted your connection request on InterGen`,
      text:
        `Hi ${p.firstName},\n\n${p.counterpart} accepted your connection request. You can now see each other's contact details:\n\n` +
        `${p.url}${signature}`,
    };
  },
  networkRequest(p: { firstName: string; requester: string; url: string }): MailContent {
    return {
      subject: `${p.requester} wants to add you to their network on InterGen`,
      text:
        `Hi ${p.firstName},\n\n${p.requester} would like to add you to their network on InterGen.\n\n` +
        `Accept or decline the request in My Network:\n\n${p.url}${signature}`,
    };
  },
  networkAccepted(p: { firstName: string; counterpart: string; url: string }): MailContent {
    return {
      subject: `${p.counterpart} accepted your network request on InterGen`,
      text:
        `Hi ${p.firstName},\n\n${p.counterpart} accepted your network request. You can now see each other's contact details:\n\n` +
        `${p.url}${signature}`,
    };
  },
} as const;
