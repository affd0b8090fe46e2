import { profileStatuses, profileTypes } from '@intergen/domain';
import * as z from 'zod/mini';

/**
 * The answers every page's first load reads: the session, a signed-in user, a plain message, an error, and the
 * live stream's changes. Written with `zod/mini` (the same schemas to the server and its OpenAPI document, which
 * read any zod 4 schema): the web app parses them on the login page before anything else, and zod's classic API
 * (about 23 KB gzipped, and the longest task of the page's start) is then not part of that page's first load.
 * See docs/ARCHITECTURE.md, "Chunks and the first load".
 */

export const ProfileSummarySchema = z.object({
  status: z.enum(profileStatuses),
  profileComplete: z.boolean(),
  onboardingComplete: z.boolean(),
  firstIncompleteStep: z.nullable(z.string()),
});

/** The signed-in person as the client sees them; never secrets, never reader lists. */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  kind: z.nullable(z.enum(profileTypes)),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
  profile: z.nullable(ProfileSummarySchema),
  /** `Maybe later` was pressed on the annual confirmation in this session: not asked again until next sign-in. */
  annualConfirmationPostponed: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: z.nullable(SessionUserSchema) });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const UserResponseSchema = z.object({ user: SessionUserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Every error response: `{ error: { code, message, details? } }`; details map field paths to messages. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    requestId: z.optional(z.string()),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
