import { describe, expect, it } from 'vitest';
import {
  myNetworkPath,
  myNetworkSectionOf,
  myNetworkSectionsOf,
  networkLostReasons,
  networkStages,
} from './network.ts';

describe('My Network sections', () => {
  it('an expert has Requests, Advisors and Ventures; a company Requests and Advisors', () => {
    expect(myNetworkSectionsOf('expert')).toEqual(['Requests', 'Advisors', 'Ventures']);
    expect(myNetworkSectionsOf('company')).toEqual(['Requests', 'Advisors']);
  });

  it('reads the section from the address, falling back to Requests for an unknown or foreign one', () => {
    expect(myNetworkSectionOf('expert', 'Ventures')).toBe('Ventures');
    expect(myNetworkSectionOf('company', 'Ventures')).toBe('Requests');
    expect(myNetworkSectionOf('expert', null)).toBe('Requests');
    expect(myNetworkSectionOf('expert', 'ventures')).toBe('Requests');
    expect(myNetworkPath('Advisors')).toBe('/my-network?section=Advisors');
  });

  it('uses the spec’s stages and lost reasons', () => {
    expect(Object.values(networkStages)).toEqual(['IBA initiates connect', 'IBA accepts', 'IBA rejects']);
    expect(Object.values(networkLostReasons)).toEqual([
      'recipient_declined_request',
      'initiator_cancelled_request',
    ]);
  });
});
