import { CompanyProfileDataSchema, ExpertProfileDataSchema } from '@intergen/contracts';
import { profileTexts } from '@intergen/domain';
import type { z } from 'zod';

/** The whole profile data of each role, as the contracts define it. */
export const dataSchemas = { expert: ExpertProfileDataSchema, company: CompanyProfileDataSchema } as const;

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
