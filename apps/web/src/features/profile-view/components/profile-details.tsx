import './profile-details.css';
import type { ProfileView } from '@intergen/contracts';
import { displayWebsite, profilePageTexts, profilePictureTexts, profileTypeLabels } from '@intergen/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconBrandLinkedin, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmailPhoneFacts } from '../../../components/contact-facts';
import { StarRating, VerifiedBadge } from '../../../components/member-marks';
import { CompanyBody, ExpertBody } from './profile-body';

interface ProfileDetailsProps {
  profile: ProfileView;
  /**
   * `page`: the name is the page's h1. `embedded`: something around it already names the profile (a modal's
   * title, the admin page's heading), so the name beside the picture is plain text, not a heading.
   */
  variant?: 'page' | 'embedded';
  /** The level of the section headings: 2 on a page, 3 by default when embedded. */
  sectionOrder?: 2 | 3;
  /** The side card's action buttons (Edit on the own profile, the connection buttons on another's). */
  actions?: ReactNode;
  /** Extra chips beside the profile type (the admin's status, for instance). */
  badges?: ReactNode;
}

/**
 * A profile page's content (spec 000 §2, Profile pages): a header with the picture, the name, the profile type
 * chip and the verified badge; a side card with contact info, website, LinkedIn, rating and actions; and the
 * expert's or company's body. Two columns, one at 640 px or less.
 */
export function ProfileDetails({
  profile,
  variant = 'page',
  sectionOrder,
  actions,
  badges,
}: ProfileDetailsProps) {
  const embedded = variant === 'embedded';
  const order = (sectionOrder ?? (embedded ? 3 : 2)) as TitleOrder;
  const image = profile.data.profileImage;

  return (
    <article
      className={embedded ? 'ig-profile ig-profile-embedded' : 'ig-profile'}
      aria-label={embedded ? undefined : profile.name}
    >
      <header className="ig-profile-header">
        {image ? (
          <img
            className="ig-profile-avatar"
            src={image.url}
            alt={profilePictureTexts.imageAlt(profile.name)}
          />
        ) : null}
        <Stack gap={8} className="ig-profile-who">
          {embedded ? (
            // The modal's title is the heading; the header still shows whose profile it is beside the picture.
            <Text fw={700} fz={{ base: 20, xs: 24 }} className="ig-profile-name">
              {profile.name}
            </Text>
          ) : (
            <Title order={1} fz={{ base: 24, xs: 30 }} className="ig-profile-name">
              {profile.name}
            </Title>
          )}
          <Group gap="xs">
            <Badge variant="light" size="lg">
              {profileTypeLabels[profile.kind]}
            </Badge>
            {profile.kind === 'expert' && profile.isVerified ? <VerifiedBadge size="lg" /> : null}
            {badges}
          </Group>
        </Stack>
      </header>
      <div className="ig-profile-grid">
        <SideCard profile={profile} order={order} actions={actions} />
        <div>
          {profile.kind === 'expert' ? (
            <ExpertBody data={profile.data as ExpertData} order={order} />
          ) : (
            <CompanyBody data={profile.data as CompanyData} order={order} />
          )}
        </div>
      </div>
    </article>
  );
}

type ExpertData = Parameters<typeof ExpertBody>[0]['data'];
type CompanyData = Parameters<typeof CompanyBody>[0]['data'];

function SideCard({
  profile,
  order,
  actions,
}: {
  profile: ProfileView;
  order: TitleOrder;
  actions?: ReactNode;
}) {
  const { contact } = profile;
  const isExpert = profile.kind === 'expert';
  const website = isExpert ? null : (profile.data as CompanyData).website;

  return (
    <Paper withBorder radius="md" p="lg" component="aside" className="ig-profile-side">
      <Stack gap="lg">
        <section aria-labelledby={`${profile.id}-contact`}>
          <Title order={order} fz="md" mb="xs" id={`${profile.id}-contact`}>
            {profilePageTexts.contactInfo}
          </Title>
          {contact ? (
            <dl className="ig-profile-facts">
              <EmailPhoneFacts email={contact.email} phone={contact.phone} />
              {contact.linkedin ? (
                <>
                  <dt>{profilePageTexts.linkedin}</dt>
                  <dd>
                    <ExternalLink
                      href={contact.linkedin}
                      icon={<IconBrandLinkedin size={16} aria-hidden="true" />}
                    >
                      {withoutScheme(contact.linkedin)}
                    </ExternalLink>
                  </dd>
                </>
              ) : null}
              {contact.jobTitle ? (
                <>
                  <dt>{profilePageTexts.jobTitle}</dt>
                  <dd>{contact.jobTitle}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <Text size="sm" c="dimmed">
              {profilePageTexts.contactHidden}
            </Text>
          )}
        </section>
        {website ? (
          <section aria-labelledby={`${profile.id}-website`}>
            <Title order={order} fz="sm" mb={4} id={`${profile.id}-website`}>
              {profilePageTexts.website}
            </Title>
            <ExternalLink href={displayWebsite(website)}>{website}</ExternalLink>
          </section>
        ) : null}
        {profile.rating ? (
          <section aria-labelledby={`${profile.id}-rating`}>
            <Title order={order} fz="sm" mb={4} id={`${profile.id}-rating`}>
              {profilePageTexts.rating}
            </Title>
            <Group gap="xs">
              <StarRating
                stars={profile.rating.stars}
                label={profilePageTexts.ratingSummary(profile.rating.stars, profile.rating.count)}
              />
              <Text size="sm" c="dimmed" aria-hidden="true">
                {profile.rating.stars} ({profile.rating.count})
              </Text>
            </Group>
          </section>
        ) : null}
        {actions ? <Stack gap="xs">{actions}</Stack> : null}
      </Stack>
    </Paper>
  );
}

/** An address as people read it: no scheme, no `www.`. */
function withoutScheme(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '');
}

/** A link that opens in a new tab; only http(s) addresses become links, anything else stays text. */
function ExternalLink({ href, children, icon }: { href: string; children: ReactNode; icon?: ReactNode }) {
  if (!/^https?:\/\//i.test(href)) return <Text size="sm">{children}</Text>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" className="ig-profile-text">
      <Group component="span" gap={4} wrap="nowrap" style={{ display: 'inline-flex' }}>
        {icon}
        <span>{children}</span>
        <IconExternalLink size={14} aria-hidden="true" />
      </Group>
    </Anchor>
  );
}
