import { describe, expect, it } from 'vitest';
import { connectionRequestTexts } from './connections.ts';

describe('connection request texts', () => {
  it('words the spec’s dialogs verbatim', () => {
    expect(connectionRequestTexts.connectTitle('Ada Lovelace')).toBe('Connect with Ada Lovelace?');
    expect(connectionRequestTexts.declineBody('Ada Lovelace')).toBe(
      'This will remove the connection request from Ada Lovelace. They cannot see that you have declined the request.',
    );
  });

  it('counts the message against the 250-character limit', () => {
    expect(connectionRequestTexts.messageCounter(12)).toBe('12/250 characters');
  });
});
