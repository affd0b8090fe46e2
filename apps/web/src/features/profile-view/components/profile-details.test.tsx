import { profilePageTexts } from '@intergen/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildCompanyView, buildExpertView, buildOwnExpert } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ownProfileToView } from './format';
import { ProfileDetails } from './profile-details';

describe('a profile page', () => {
  it('hides the contact details of a member one is not connected with', () => {
    renderWithProviders(<ProfileDetails profile={buildExpertView({ contact: null })} />);
    expect(screen.getByText(profilePageTexts.contactHidden)).toBeTruthy();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    // LinkedIn is a contact detail (DESIGN.md §2, deliberate): not shown before connecting.
    expect(screen.queryByRole('link', { name: /linkedin/ })).toBeNull();
  });

  it('shows e-mail, formatted phone, LinkedIn and job title when the contact is shared', () => {
    renderWithProviders(
      <ProfileDetails
        profile={buildCompanyView({
          contact: {
            email: 'ada@example.com',
            phone: '5551234567',
            linkedin: 'https://www.linkedin.com/in/ada',
            jobTitle: 'Founder',
          },
        })}
      />,
    );
    expect(screen.queryByText(profilePageTexts.contactHidden)).toBeNull();
    expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    );
    expect(screen.getByRole('link', { name: '(555) 123-4567' })).toBeTruthy();
    expect(screen.getByText('Founder')).toBeTruthy();
    expect(screen.getByRole('link', { name: /linkedin\.com\/in\/ada/ })).toBeTruthy();
  });

  it('shows the name, the chip, the verified badge and the labels of the enumerations', () => {
    renderWithProviders(<ProfileDetails profile={buildExpertView()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText('Business Advisor')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Technology')).toBeTruthy();
    expect(screen.getByText('Financial Services')).toBeTruthy();
    expect(screen.queryByText('Energy')).toBeNull();
    expect(screen.getByText('One company, ongoing')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Contact info',
      'Engagement',
      'Experience',
      'Areas of improvement',
      'Ideal engagement',
      'Business type',
      'Current stage',
      'Investment opportunities',
      'Board opportunities',
      'Anything else',
      'Interests',
    ]);
  });

  it('shows a company its info, what it seeks and its website with a scheme', () => {
    renderWithProviders(<ProfileDetails profile={buildCompanyView()} />);
    expect(screen.getByText('Scaling Company')).toBeTruthy();
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.getByText('Analytical Engines')).toBeTruthy();
    expect(screen.getByText('$1 million to $5 million')).toBeTruthy();
    expect(screen.getByText('Less than $250k')).toBeTruthy();
    expect(screen.getByText('Growth Capital')).toBeTruthy();
    expect(screen.getByText('Hands-on')).toBeTruthy();
    expect(screen.getByText('Fee-based')).toBeTruthy();
    expect(screen.getByRole('link', { name: /engines\.example/ }).getAttribute('href')).toBe(
      'https://engines.example',
    );
  });

  it('shows no rating under 5 reviews', () => {
    renderWithProviders(<ProfileDetails profile={buildExpertView({ rating: null })} />);
    expect(screen.queryByRole('heading', { name: 'Rating' })).toBeNull();
    expect(screen.queryByRole('img', { name: /out of 5/ })).toBeNull();
  });

  it('shows five stars with the rating to the nearest half', () => {
    renderWithProviders(<ProfileDetails profile={buildExpertView({ rating: { stars: 4.5, count: 7 } })} />);
    const stars = screen.getByRole('img', { name: '4.5 out of 5 from 7 reviews' });
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
  });

  it('rounds the own rating to .5 and hides it under 5 reviews', () => {
    expect(ownProfileToView(buildOwnExpert({ averageRating: 4.3, numberOfRatings: 4 })).rating).toBeNull();
    expect(ownProfileToView(buildOwnExpert({ averageRating: 4.3, numberOfRatings: 5 })).rating).toEqual({
      stars: 4.5,
      count: 5,
    });
    expect(ownProfileToView(buildOwnExpert({ averageRating: 4.2, numberOfRatings: 9 })).rating).toEqual({
      stars: 4,
      count: 9,
    });
  });

  it('gives the owner their own contact details', () => {
    const view = ownProfileToView(buildOwnExpert());
    expect(view.contact).toEqual({
      email: 'grace@example.com',
      phone: '5551234567',
      linkedin: 'https://www.linkedin.com/in/grace-hopper',
      jobTitle: null,
    });
    for (const field of ['phone', 'linkedin', 'interGenData']) expect(field in view.data).toBe(false);
  });
});
