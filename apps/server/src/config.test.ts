import { dealStages, networkStages } from '@intergen/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig, stageEnvName } from './config.ts';

const complete: Record<string, string> = {
  HUBSPOT_ACCESS_TOKEN: 'pat-na1-test',
  HUBSPOT_CONNECTION_PIPELINE_ID: '11',
  HUBSPOT_NETWORK_PIPELINE_ID: '12',
  HUBSPOT_STAGE_CONNECTION_REQUESTED: '21',
  HUBSPOT_STAGE_CONNECTION_PENDING: '22',
  HUBSPOT_STAGE_CONNECTION_COMPLETE: '23',
  HUBSPOT_STAGE_CONNECTION_CLOSED: '24',
  HUBSPOT_STAGE_SURVEY_SENT: '25',
  HUBSPOT_STAGE_CONNECTION_ABANDONED: '26',
  HUBSPOT_STAGE_IBA_INITIATES_CONNECT: '31',
  HUBSPOT_STAGE_IBA_ACCEPTS: '32',
  HUBSPOT_STAGE_IBA_REJECTS: '33',
};

describe('the HubSpot configuration', () => {
  it('is off without a token: the built-in CRM', () => {
    expect(loadConfig({}).hubspot).toBeNull();
  });

  it('maps every pipeline and stage to its HubSpot id', () => {
    const hubspot = loadConfig(complete).hubspot;
    expect(hubspot).toMatchObject({
      accessToken: 'pat-na1-test',
      baseUrl: 'https://api.hubapi.com',
      pipelines: { connection: '11', network: '12' },
    });
    expect(hubspot?.stageIds[dealStages.surveySent]).toBe('25');
    expect(hubspot?.stageIds[networkStages.rejected]).toBe('33');
    expect(Object.keys(hubspot?.stageIds ?? {})).toHaveLength(9);
  });

  it('names the variable of a stage after the stage', () => {
    expect(stageEnvName('Connection Pending')).toBe('HUBSPOT_STAGE_CONNECTION_PENDING');
    expect(stageEnvName('IBA initiates connect')).toBe('HUBSPOT_STAGE_IBA_INITIATES_CONNECT');
  });

  it('refuses to start with a token and missing ids, one line per missing id', () => {
    const { HUBSPOT_STAGE_SURVEY_SENT: _, HUBSPOT_NETWORK_PIPELINE_ID: __, ...partial } = complete;
    let message = '';
    try {
      loadConfig({ ...partial, HUBSPOT_STAGE_IBA_ACCEPTS: '  ' });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^ {2}HUBSPOT_NETWORK_PIPELINE_ID: missing — the HubSpot id of the network deals' pipeline/,
      ),
      expect.stringMatching(
        /^ {2}HUBSPOT_STAGE_SURVEY_SENT: missing — the HubSpot id of the stage 'Survey Sent'/,
      ),
      expect.stringMatching(
        /^ {2}HUBSPOT_STAGE_IBA_ACCEPTS: missing — the HubSpot id of the stage 'IBA accepts'/,
      ),
    ]);
  });
});

describe('where the app listens and who it is', () => {
  it('listens on this machine only unless HOST opens it', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses to start in production without APP_URL, saying what to set', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(
      /^Invalid configuration:\n {2}APP_URL: required in production/,
    );
    expect(loadConfig({ APP_ENV: 'production', APP_URL: 'https://intergen.example' }).appUrl).toBe(
      'https://intergen.example',
    );
  });
});

describe('the metrics token', () => {
  it('is unset by default and refused when shorter than 16 characters, naming the variable', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid configuration:\n {2}METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok' }).metricsToken).toBe('sixteen-chars-ok');
  });
});
