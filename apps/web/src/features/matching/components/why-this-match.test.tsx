import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildExplanation } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { WhyThisMatch } from './match-parts';

describe('why this match', () => {
  it('says the score in words and lists every part with its points out of its weight', () => {
    renderWithProviders(<WhyThisMatch explanation={buildExplanation()} />);
    expect(screen.getByRole('img', { name: 'Match score: 68 out of 100' })).toBeTruthy();
    const parts = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-part'));
    expect(parts.map((li) => li.getAttribute('data-part'))).toEqual([
      'needs',
      'industry',
      'engagement',
      'stage',
      'arrangement',
      'businessType',
      'investment',
      'board',
    ]);
    const needs = parts[0]!;
    expect(within(needs).getByText('Needs covered')).toBeTruthy();
    expect(within(needs).getByText('20 of 40 points')).toBeTruthy();
    expect(within(parts[2]!).getByText('7.5 of 15 points')).toBeTruthy();
    expect(within(parts[4]!).getByText('0 of 5 points')).toBeTruthy();
  });

  it('shows the shared items of each part as chips, in a list named after the part', () => {
    renderWithProviders(<WhyThisMatch explanation={buildExplanation()} />);
    const industry = screen.getByRole('list', { name: 'In common for Industry experience' });
    expect(within(industry).getByText('Technology')).toBeTruthy();
    // A part with nothing in common shows no empty list.
    expect(screen.queryByRole('list', { name: 'In common for Arrangement' })).toBeNull();
  });

  it('marks a strong match from 80, and not below', () => {
    const { unmount } = renderWithProviders(<WhyThisMatch explanation={buildExplanation({ score: 80 })} />);
    expect(screen.getByText('Strong match')).toBeTruthy();
    unmount();
    renderWithProviders(<WhyThisMatch explanation={buildExplanation({ score: 79 })} />);
    expect(screen.getByRole('img', { name: 'Match score: 79 out of 100' })).toBeTruthy();
    expect(screen.queryByText('Strong match')).toBeNull();
  });
});
