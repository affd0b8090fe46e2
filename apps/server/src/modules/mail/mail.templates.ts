import { limits } from '@intergen/domain';

export interface MailContent {
  subject: string;
  text: string;
}

const minutes = (ms: number) => Math.round(ms / 60000);
const signature = '\n\n— The InterGen Team';

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
} as const;
