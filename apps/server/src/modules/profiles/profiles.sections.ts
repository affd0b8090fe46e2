import { CompanyProfileDataSchema, ExpertProfileDataSchema } from '@intergen/contracts';
import { type ProfileType, profileTexts, type SectionId, sectionFields } from '@intergen/domain';
import type { z } from 'zod';

/** The whole profile data of each role, as the contracts define it. */
export const dataSchemas = { expert: ExpertProfileDataSchema, company: CompanyProfileDataSchema } as const;

/**
 * What one section save may carry: the section's fields of the role's schema, all optional, nothing else. The
 * picture is not among them: it changes only through the upload (or the default avatar of the review step).
 */
export const sectionSchemas = Object.fromEntries(
  (['expert', 'company'] as const).map((kind) => [
    kind,
    Object.fromEntries(
      (['basics', 'profile', 'extras'] as const).map((section) => {
        const fields = (sectionFields[kind][section] as readonly string[]).filter(
          (f) => f !== 'profileImage',
        );
        const mask = Object.fromEntries(fields.map((f) => [f, true as const]));
        const schema = dataSchemas[kind] as unknown as z.ZodObject<z.ZodRawShape>;
        return [section, schema.pick(mask).partial().strict()];
      }),
    ),
  ]),
) as unknown as Record<ProfileType, Record<SectionId, z.ZodType<Record<string, unknown>>>>;

/** A schema failure as the error's `details`: one entry per field, an unknown field named as not in the section. */
export function schemaDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          path: [...issue.path, key].join('.'),
          message: profileTexts.fieldNotInSection,
        }))
      : [{ path: issue.path.join('.'), message: issue.message }],
  );
}
