import { hasHiddenCharacters, limits, messages, profileTypes } from '@intergen/domain';
import { z } from 'zod';
import { SessionUserSchema } from './session.ts';

/** A required text field: missing or blank gives the spec's `All fields must be filled out`. */
const required = (max: number) =>
  z.string({ error: messages.allFieldsRequired }).trim().min(1, messages.allFieldsRequired).max(max);
/** A required secret: not trimmed, since spaces may be part of a password. */
const requiredSecret = () =>
  z.string({ error: messages.allFieldsRequired }).min(1, messages.allFieldsRequired).max(200);
/** An e-mail address as typed: refused with a clear message when it holds characters no one can see. */
const email = required(254).refine((v) => !hasHiddenCharacters(v), messages.emailHiddenCharacters);

/** POST /api/auth/sign-up */
export const SignUpBodySchema = z.object({
  name: required(200),
  email,
  password: requiredSecret(),
  profileType: z.enum(profileTypes, { error: messages.profileTypeRequired }),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

/** POST /api/auth/sign-in */
export const SignInBodySchema = z.object({
  email,
  password: requiredSecret(),
});
export type SignInBody = z.infer<typeof SignInBodySchema>;

/** POST /api/auth/password/forgot */
export const ForgotPasswordBodySchema = z.object({ email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

/** POST /api/auth/password/reset */
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: requiredSecret(),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** POST /api/auth/password/change */
export const ChangePasswordBodySchema = z.object({
  currentPassword: requiredSecret(),
  newPassword: requiredSecret(),
  confirmPassword: requiredSecret(),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/** POST /api/auth/one-time-link: mails a sign-in link (the /login-one-time-request screen). */
export const OneTimeLinkBodySchema = z.object({
  email,
  redirect: z.string().max(2000).optional(),
});
export type OneTimeLinkBody = z.infer<typeof OneTimeLinkBodySchema>;

/** POST /api/auth/one-time-link/for-deal: the `Sign in with a one-time link` button of /login-options. */
export const DealOneTimeLinkBodySchema = z.object({
  email: z
    .string()
    .max(254)
    .refine((v) => !hasHiddenCharacters(v), messages.emailHiddenCharacters)
    .optional(),
  login: z.string().max(200).optional(),
  deal: z.string().max(200).optional(),
  redirect: z.string().max(2000).optional(),
});
export type DealOneTimeLinkBody = z.infer<typeof DealOneTimeLinkBodySchema>;

/** POST /api/auth/one-time-link/consume: signs in with the token of a one-time link. */
export const ConsumeOneTimeLinkBodySchema = z.object({ token: z.string().min(1).max(200) });
export type ConsumeOneTimeLinkBody = z.infer<typeof ConsumeOneTimeLinkBodySchema>;
export const ConsumeOneTimeLinkResponseSchema = z.object({
  user: SessionUserSchema,
  redirect: z.string().nullable(),
});
export type ConsumeOneTimeLinkResponse = z.infer<typeof ConsumeOneTimeLinkResponseSchema>;

/** POST /api/auth/email-verification/verify */
export const VerifyEmailBodySchema = z.object({
  code: z.string().max(limits.verificationCodeLength * 4),
});
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;
