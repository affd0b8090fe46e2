import { formatPhone, profilePageTexts } from '@intergen/domain';
import { Anchor } from '@mantine/core';

interface EmailPhoneFactsProps {
  email: string;
  phone: string | null;
}

/** The e-mail and phone rows of a contact list (inside its `dl`): a click writes or calls. */
export function EmailPhoneFacts({ email, phone }: EmailPhoneFactsProps) {
  return (
    <>
      <dt>{profilePageTexts.email}</dt>
      <dd>
        <Anchor href={`mailto:${email}`} size="sm">
          {email}
        </Anchor>
      </dd>
      {phone ? (
        <>
          <dt>{profilePageTexts.phone}</dt>
          <dd>
            <Anchor href={`tel:+1${phone.replace(/\D/g, '')}`} size="sm">
              {formatPhone(phone)}
            </Anchor>
          </dd>
        </>
      ) : null}
    </>
  );
}
