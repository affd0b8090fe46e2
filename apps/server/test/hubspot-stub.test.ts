import { Client } from '@hubspot/api-client';
import {
  AssociationSpecAssociationCategoryEnum as ContactAssociationCategory,
  FilterOperatorEnum,
} from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import { AssociationSpecAssociationCategoryEnum as DealAssociationCategory } from '@hubspot/api-client/lib/codegen/crm/deals/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HubSpotStub, startHubSpotStub } from './hubspot-stub.ts';

/**
 * The stub driven through the official client, so its answers are known to parse as HubSpot's do. Every
 * call goes over HTTP; nothing waits on time.
 */

/** What the client throws for an HTTP error (each API module has its own ApiException class). */
interface ApiFailure {
  code: number;
  body: { status: string; message: string; category: string; [key: string]: unknown };
  headers: Record<string, string>;
}

/** The error a call fails with; fails the test when the call succeeds. */
async function failureOf(call: Promise<unknown>): Promise<ApiFailure> {
  try {
    await call;
  } catch (error) {
    return error as ApiFailure;
  }
  throw new Error('expected the call to fail');
}

let stub: HubSpotStub;
let client: Client;

beforeAll(async () => {
  stub = await startHubSpotStub();
  client = new Client({ accessToken: stub.accessToken, basePath: stub.url });
});

afterAll(async () => {
  await stub.close();
});

beforeEach(() => {
  stub.reset();
});

const contactProperties = (memberId: string) => ({
  intergen_member_id: memberId,
  email: `${memberId}@example.com`,
});

async function createContact(memberId: string) {
  return client.crm.contacts.basicApi.create({ properties: contactProperties(memberId), associations: [] });
}

const toContact = (id: string) => ({
  to: { id },
  types: [{ associationCategory: DealAssociationCategory.HubspotDefined, associationTypeId: 3 }],
});

async function createDeal(dealKey: string, contactIds: string[], properties: Record<string, string> = {}) {
  return client.crm.deals.basicApi.create({
    properties: { intergen_deal_key: dealKey, dealstage: 'appointmentscheduled', ...properties },
    associations: contactIds.map(toContact),
  });
}

describe('auth', () => {
  it('answers 401 in HubSpot’s shape to a wrong or missing token', async () => {
    const wrong = new Client({ accessToken: 'not-the-token', basePath: stub.url });
    const error = await failureOf(wrong.crm.contacts.basicApi.getById('1001'));
    expect(error.code).toBe(401);
    expect(error.body).toMatchObject({
      status: 'error',
      message: 'Authentication credentials not found.',
      category: 'INVALID_AUTHENTICATION',
    });
    expect(error.body.correlationId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );

    const anonymous = new Client({ basePath: stub.url });
    expect((await failureOf(anonymous.crm.deals.basicApi.getById('1001'))).code).toBe(401);
    expect(stub.records('contacts')).toEqual([]);
  });
});

describe('create', () => {
  it('stores a contact and echoes it with the system properties', async () => {
    const contact = await createContact('m-1');
    expect(contact.id).toMatch(/^\d+$/);
    expect(contact.createdAt).toBeInstanceOf(Date);
    expect(contact.updatedAt).toBeInstanceOf(Date);
    expect(contact.archived).toBe(false);
    expect(contact.properties).toMatchObject({ ...contactProperties('m-1'), hs_object_id: contact.id });
    expect(new Date(contact.properties.createdate!).getTime()).toBe(contact.createdAt.getTime());
    expect(contact.properties.lastmodifieddate).toBeTruthy();
    expect(stub.records('contacts')).toEqual([
      { id: contact.id, properties: contactProperties('m-1'), associations: [] },
    ]);
  });

  it('gives increasing numeric ids and stores "" as a cleared value', async () => {
    const first = await createContact('m-1');
    const second = await client.crm.contacts.basicApi.create({
      properties: { intergen_member_id: 'm-2', firstname: '' },
    });
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
    expect(second.properties.firstname).toBeNull();
    expect(stub.records('contacts')[1]!.properties).toEqual({ intergen_member_id: 'm-2', firstname: null });
  });

  it('associates a deal to its contacts both ways', async () => {
    const expert = await createContact('m-1');
    const venture = await createContact('m-2');
    const deal = await createDeal('k-1', [expert.id, venture.id]);
    expect(deal.properties).toMatchObject({ intergen_deal_key: 'k-1', dealstage: 'appointmentscheduled' });
    expect(stub.records('deals')).toEqual([
      {
        id: deal.id,
        properties: { intergen_deal_key: 'k-1', dealstage: 'appointmentscheduled' },
        associations: [expert.id, venture.id],
      },
    ]);
    expect(stub.records('contacts').map((c) => c.associations)).toEqual([[deal.id], [deal.id]]);
  });

  it('associates a new contact to a deal with type 4', async () => {
    const deal = await createDeal('k-1', []);
    const contact = await client.crm.contacts.basicApi.create({
      properties: { intergen_member_id: 'm-1' },
      associations: [
        {
          to: { id: deal.id },
          types: [{ associationCategory: ContactAssociationCategory.HubspotDefined, associationTypeId: 4 }],
        },
      ],
    });
    expect(stub.records('deals')[0]!.associations).toEqual([contact.id]);
  });

  it('refuses a taken unique value with HubSpot\'s 400 "already has that value" and stores nothing', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', [contact.id]);

    const dealError = await failureOf(createDeal('k-1', [contact.id]));
    expect(dealError.code).toBe(400);
    expect(dealError.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    expect(dealError.body.message).toContain(`k-1 already has that value`);
    expect(dealError.body.message).toContain(`(held by ${deal.id})`);
    const contactError = await failureOf(createContact('m-1'));
    expect(contactError.code).toBe(400);
    expect(contactError.body.message).toContain(`m-1 already has that value`);
    expect(contactError.body.message).toContain(`(held by ${contact.id})`);

    expect(stub.records('deals')).toHaveLength(1);
    expect(stub.records('contacts')).toHaveLength(1);
    expect(stub.records('contacts')[0]!.associations).toEqual([deal.id]);
  });

  it('refuses an association to a missing contact with 400 and stores nothing', async () => {
    const contact = await createContact('m-1');
    const error = await failureOf(createDeal('k-1', [contact.id, '999999']));
    expect(error.code).toBe(400);
    expect(error.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    expect(error.body.message).toContain('999999');
    expect(stub.records('deals')).toEqual([]);
    expect(stub.records('contacts')[0]!.associations).toEqual([]);
    // The key was not taken by the failed create.
    await expect(createDeal('k-1', [contact.id])).resolves.toMatchObject({
      properties: { intergen_deal_key: 'k-1' },
    });
  });

  it('refuses an association type that does not lead to a contact', async () => {
    const contact = await createContact('m-1');
    const error = await failureOf(
      client.crm.deals.basicApi.create({
        properties: { intergen_deal_key: 'k-1' },
        associations: [
          {
            to: { id: contact.id },
            types: [{ associationCategory: DealAssociationCategory.HubspotDefined, associationTypeId: 5 }],
          },
        ],
      }),
    );
    expect(error.code).toBe(400);
    expect(stub.records('deals')).toEqual([]);
  });

  it('refuses to set a read-only property', async () => {
    const error = await failureOf(
      client.crm.contacts.basicApi.create({ properties: { intergen_member_id: 'm-1', hs_object_id: '5' } }),
    );
    expect(error.code).toBe(400);
    expect(error.body.message).toContain('READ_ONLY_VALUE');
    expect(stub.records('contacts')).toEqual([]);
  });

  it('honours unique properties given at start', async () => {
    const other = await startHubSpotStub({ uniqueProperties: { contacts: ['email'] } });
    try {
      const c = new Client({ accessToken: other.accessToken, basePath: other.url });
      await c.crm.contacts.basicApi.create({
        properties: { email: 'a@example.com', intergen_member_id: 'm-1' },
      });
      // intergen_member_id is no longer unique, email is.
      await c.crm.contacts.basicApi.create({
        properties: { email: 'b@example.com', intergen_member_id: 'm-1' },
      });
      const error = await failureOf(
        c.crm.contacts.basicApi.create({ properties: { email: 'a@example.com' } }),
      );
      expect(error.code).toBe(409);
      expect(other.records('contacts')).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});

describe('read', () => {
  it('returns the requested properties, unset ones as null, and the associations', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', [contact.id], { dealname: 'Ada × Acme' });

    const found = await client.crm.deals.basicApi.getById(
      deal.id,
      ['dealstage', 'closedate'],
      undefined,
      ['contacts'],
      false,
    );
    expect(found.id).toBe(deal.id);
    expect(found.createdAt).toBeInstanceOf(Date);
    expect(found.archived).toBe(false);
    expect(Object.keys(found.properties).sort()).toEqual(
      ['closedate', 'createdate', 'dealstage', 'hs_object_id', 'lastmodifieddate'].sort(),
    );
    expect(found.properties).toMatchObject({
      dealstage: 'appointmentscheduled',
      closedate: null,
      hs_object_id: deal.id,
    });
    expect(found.associations?.contacts?.results).toEqual([{ id: contact.id, type: 'deal_to_contact' }]);

    const fromContact = await client.crm.contacts.basicApi.getById(contact.id, undefined, undefined, [
      'deals',
    ]);
    expect(fromContact.associations?.deals?.results).toEqual([{ id: deal.id, type: 'contact_to_deal' }]);
    // Without named properties, HubSpot's defaults for the type.
    expect(Object.keys(fromContact.properties)).toEqual(
      expect.arrayContaining(['email', 'firstname', 'lastname', 'hs_object_id']),
    );
  });

  it('finds by a unique property with idProperty', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', [contact.id]);
    const found = await client.crm.deals.basicApi.getById(
      'k-1',
      ['dealstage'],
      undefined,
      ['contacts'],
      false,
      'intergen_deal_key',
    );
    expect(found.id).toBe(deal.id);
    expect(found.properties.dealstage).toBe('appointmentscheduled');
    expect(found.associations?.contacts?.results).toEqual([{ id: contact.id, type: 'deal_to_contact' }]);

    const byMember = await client.crm.contacts.basicApi.getById(
      'm-1',
      ['email'],
      undefined,
      undefined,
      false,
      'intergen_member_id',
    );
    expect(byMember.id).toBe(contact.id);
  });

  it('leaves out associations when there are none', async () => {
    const deal = await createDeal('k-1', []);
    const found = await client.crm.deals.basicApi.getById(deal.id, ['dealstage'], undefined, ['contacts']);
    expect(found.associations).toBeUndefined();
  });

  it('answers 404 for an unknown id, an unknown key, or archived records', async () => {
    const deal = await createDeal('k-1', []);
    for (const call of [
      client.crm.deals.basicApi.getById('999999'),
      client.crm.deals.basicApi.getById('not-numeric'),
      client.crm.deals.basicApi.getById('k-2', undefined, undefined, undefined, false, 'intergen_deal_key'),
      client.crm.deals.basicApi.getById(deal.id, undefined, undefined, undefined, true),
    ]) {
      const error = await failureOf(call);
      expect(error.code).toBe(404);
      expect(error.body).toMatchObject({
        status: 'error',
        message: 'Object not found.  objectId are usually numeric.',
        category: 'OBJECT_NOT_FOUND',
      });
    }
  });

  it('refuses idProperty naming a property that is not unique', async () => {
    await createDeal('k-1', []);
    const error = await failureOf(
      client.crm.deals.basicApi.getById(
        'appointmentscheduled',
        undefined,
        undefined,
        undefined,
        false,
        'dealstage',
      ),
    );
    expect(error.code).toBe(400);
  });
});

describe('update', () => {
  it('changes properties, clears "" to null and answers every stored property', async () => {
    const deal = await createDeal('k-1', [], { dealname: 'Ada × Acme' });
    const updated = await client.crm.deals.basicApi.update(deal.id, {
      properties: { dealstage: 'closedlost', dealname: '', closed_lost_reason: 'No fit' },
    });
    expect(updated.id).toBe(deal.id);
    expect(updated.updatedAt).toBeInstanceOf(Date);
    expect(updated.properties).toMatchObject({
      intergen_deal_key: 'k-1',
      dealstage: 'closedlost',
      dealname: null,
      closed_lost_reason: 'No fit',
      hs_object_id: deal.id,
    });
    expect(stub.records('deals')[0]!.properties).toEqual({
      intergen_deal_key: 'k-1',
      dealstage: 'closedlost',
      dealname: null,
      closed_lost_reason: 'No fit',
    });
  });

  it('updates by idProperty and keeps the unique index in step', async () => {
    const deal = await createDeal('k-1', []);
    await client.crm.deals.basicApi.update(
      'k-1',
      { properties: { intergen_deal_key: 'k-2' } },
      'intergen_deal_key',
    );
    const moved = await client.crm.deals.basicApi.getById(
      'k-2',
      undefined,
      undefined,
      undefined,
      false,
      'intergen_deal_key',
    );
    expect(moved.id).toBe(deal.id);
    expect(
      (
        await failureOf(
          client.crm.deals.basicApi.getById(
            'k-1',
            undefined,
            undefined,
            undefined,
            false,
            'intergen_deal_key',
          ),
        )
      ).code,
    ).toBe(404);
    // The old key is free again, and a cleared key frees its value too.
    const second = await createDeal('k-1', []);
    await client.crm.deals.basicApi.update(second.id, { properties: { intergen_deal_key: '' } });
    await expect(createDeal('k-1', [])).resolves.toBeDefined();
  });

  it('answers 404 for an unknown record and 409 for a taken unique value', async () => {
    const first = await createDeal('k-1', []);
    await createDeal('k-2', []);
    expect(
      (await failureOf(client.crm.deals.basicApi.update('999999', { properties: { dealstage: 'x' } }))).code,
    ).toBe(404);
    expect(
      (
        await failureOf(
          client.crm.deals.basicApi.update('k-9', { properties: { dealstage: 'x' } }, 'intergen_deal_key'),
        )
      ).code,
    ).toBe(404);

    const error = await failureOf(
      client.crm.deals.basicApi.update(first.id, {
        properties: { intergen_deal_key: 'k-2', dealstage: 'x' },
      }),
    );
    expect(error.code).toBe(400);
    expect(error.body.category).toBe('VALIDATION_ERROR');
    expect(stub.records('deals')[0]!.properties).toEqual({
      intergen_deal_key: 'k-1',
      dealstage: 'appointmentscheduled',
    });
    // Setting a record's own value again is no conflict.
    await expect(
      client.crm.deals.basicApi.update(first.id, { properties: { intergen_deal_key: 'k-1' } }),
    ).resolves.toBeDefined();
  });
});

describe('search', () => {
  const eq = (propertyName: string, value: string) => ({
    propertyName,
    operator: FilterOperatorEnum.Eq,
    value,
  });

  async function seed() {
    const ids: string[] = [];
    for (const [member, firstname] of [
      ['m-1', 'Ada'],
      ['m-2', 'Grace'],
      ['m-3', ''],
      ['m-4', 'Ada'],
    ] as const) {
      const contact = await client.crm.contacts.basicApi.create({
        properties: { intergen_member_id: member, firstname },
      });
      ids.push(contact.id);
    }
    return ids;
  }

  it('finds by a unique property', async () => {
    const ids = await seed();
    const page = await client.crm.contacts.searchApi.doSearch({
      filterGroups: [{ filters: [eq('intergen_member_id', 'm-2')] }],
      properties: ['intergen_member_id', 'firstname', 'lastname'],
      limit: 1,
    });
    expect(page.total).toBe(1);
    expect(page.paging).toBeUndefined();
    expect(page.results).toHaveLength(1);
    const [found] = page.results;
    expect(found!.id).toBe(ids[1]);
    expect(found!.createdAt).toBeInstanceOf(Date);
    expect(found!.archived).toBe(false);
    expect(found!.properties).toMatchObject({
      intergen_member_id: 'm-2',
      firstname: 'Grace',
      lastname: null,
    });

    const none = await client.crm.contacts.searchApi.doSearch({
      filterGroups: [{ filters: [eq('intergen_member_id', 'm-9')] }],
    });
    expect(none).toMatchObject({ total: 0, results: [] });
  });

  it('ANDs filters within a group and ORs groups', async () => {
    const ids = await seed();
    const search = async (
      filterGroups: Parameters<typeof client.crm.contacts.searchApi.doSearch>[0]['filterGroups'],
    ) =>
      (await client.crm.contacts.searchApi.doSearch({ filterGroups, limit: 100 })).results.map((r) => r.id);

    expect(await search([{ filters: [eq('firstname', 'Ada')] }])).toEqual([ids[0], ids[3]]);
    expect(await search([{ filters: [eq('firstname', 'Ada'), eq('intergen_member_id', 'm-4')] }])).toEqual([
      ids[3],
    ]);
    expect(
      await search([
        { filters: [eq('intergen_member_id', 'm-1')] },
        { filters: [eq('intergen_member_id', 'm-3')] },
      ]),
    ).toEqual([ids[0], ids[2]]);
    expect(
      await search([{ filters: [eq('intergen_member_id', 'm-1')] }, { filters: [eq('firstname', 'Grace')] }]),
    ).toEqual([ids[0], ids[1]]);
    expect(
      await search([
        { filters: [{ propertyName: 'firstname', operator: FilterOperatorEnum.Neq, value: 'Ada' }] },
      ]),
    ).toEqual([ids[1], ids[2]]);
    expect(
      await search([
        {
          filters: [
            {
              propertyName: 'intergen_member_id',
              operator: FilterOperatorEnum.In,
              values: ['m-4', 'm-2', 'm-9'],
            },
          ],
        },
      ]),
    ).toEqual([ids[1], ids[3]]);
    expect(
      await search([
        { filters: [{ propertyName: 'firstname', operator: FilterOperatorEnum.In, values: ['Grace'] }] },
      ]),
    ).toEqual([ids[1]]);
    expect(
      await search([{ filters: [{ propertyName: 'firstname', operator: FilterOperatorEnum.HasProperty }] }]),
    ).toEqual([ids[0], ids[1], ids[3]]);
    expect(
      await search([
        { filters: [{ propertyName: 'firstname', operator: FilterOperatorEnum.NotHasProperty }] },
      ]),
    ).toEqual([ids[2]]);
    expect(await search([{ filters: [eq('hs_object_id', ids[2]!)] }])).toEqual([ids[2]]);
  });

  it('sees a unique value move', async () => {
    const ids = await seed();
    await client.crm.contacts.basicApi.update(ids[0]!, { properties: { intergen_member_id: 'm-10' } });
    const search = async (member: string) =>
      (
        await client.crm.contacts.searchApi.doSearch({
          filterGroups: [{ filters: [eq('intergen_member_id', member)] }],
        })
      ).results.map((r) => r.id);
    expect(await search('m-1')).toEqual([]);
    expect(await search('m-10')).toEqual([ids[0]]);
  });

  it('pages with limit and after, and sorts', async () => {
    const ids = await seed();
    const first = await client.crm.contacts.searchApi.doSearch({ limit: 3 });
    expect(first.total).toBe(4);
    expect(first.results.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(first.paging?.next?.after).toBe('3');
    const second = await client.crm.contacts.searchApi.doSearch({
      limit: 3,
      after: first.paging!.next!.after,
    });
    expect(second.results.map((r) => r.id)).toEqual(ids.slice(3));
    expect(second.paging).toBeUndefined();

    // Ten by default.
    expect((await client.crm.contacts.searchApi.doSearch({})).results).toHaveLength(4);

    const sorted = await client.crm.contacts.searchApi.doSearch({
      // The client types sorts as strings; the API takes this object form as well.
      sorts: [{ propertyName: 'intergen_member_id', direction: 'DESCENDING' } as unknown as string],
    });
    expect(sorted.results.map((r) => r.properties.hs_object_id)).toEqual([...ids].reverse());
    const ascending = await client.crm.contacts.searchApi.doSearch({ sorts: ['firstname'] });
    expect(ascending.results.map((r) => r.id)).toEqual([ids[0], ids[3], ids[1], ids[2]]);
  });

  it('refuses a limit over 200 and an unsupported operator', async () => {
    expect((await failureOf(client.crm.contacts.searchApi.doSearch({ limit: 201 }))).code).toBe(400);
    const error = await failureOf(
      client.crm.contacts.searchApi.doSearch({
        filterGroups: [
          {
            filters: [{ propertyName: 'firstname', operator: FilterOperatorEnum.ContainsToken, value: 'a' }],
          },
        ],
      }),
    );
    expect(error.code).toBe(400);
    expect(error.body.category).toBe('VALIDATION_ERROR');
  });
});

describe('associations', () => {
  it('batch-creates associations both ways, idempotently', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', []);
    const input = { inputs: [{ _from: { id: deal.id }, to: { id: contact.id }, type: 'deal_to_contact' }] };

    const created = await client.crm.associations.batchApi.create('deals', 'contacts', input);
    expect(created.status).toBe('COMPLETE');
    expect(created.startedAt).toBeInstanceOf(Date);
    expect(created.completedAt).toBeInstanceOf(Date);
    expect(created.results).toEqual([
      { _from: { id: deal.id }, to: { id: contact.id }, type: 'deal_to_contact' },
    ]);
    expect('errors' in created).toBe(false);

    const again = await client.crm.associations.batchApi.create('deals', 'contacts', input);
    expect(again.results).toEqual(created.results);
    expect(stub.records('deals')[0]!.associations).toEqual([contact.id]);
    expect(stub.records('contacts')[0]!.associations).toEqual([deal.id]);

    await client.crm.associations.batchApi.create('contacts', 'deals', {
      inputs: [{ _from: { id: contact.id }, to: { id: deal.id }, type: 'contact_to_deal' }],
    });
    expect(stub.records('deals')[0]!.associations).toEqual([contact.id]);
  });

  it('reports inputs naming missing records as errors (207) and stores the rest', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', []);
    const answer = await client.crm.associations.batchApi.create('deals', 'contacts', {
      inputs: [
        { _from: { id: deal.id }, to: { id: '999999' }, type: 'deal_to_contact' },
        { _from: { id: deal.id }, to: { id: contact.id }, type: 'deal_to_contact' },
      ],
    });
    expect(answer.results).toEqual([
      { _from: { id: deal.id }, to: { id: contact.id }, type: 'deal_to_contact' },
    ]);
    expect('errors' in answer && answer.errors).toEqual([
      expect.objectContaining({
        status: 'error',
        category: 'OBJECT_NOT_FOUND',
        message: expect.stringContaining('999999'),
      }),
    ]);
    expect('numErrors' in answer && answer.numErrors).toBe(1);
    expect(stub.records('deals')[0]!.associations).toEqual([contact.id]);
  });

  it('refuses a wrong association type for the whole batch', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', []);
    const error = await failureOf(
      client.crm.associations.batchApi.create('deals', 'contacts', {
        inputs: [{ _from: { id: deal.id }, to: { id: contact.id }, type: 'contact_to_deal' }],
      }),
    );
    expect(error.code).toBe(400);
    expect(stub.records('deals')[0]!.associations).toEqual([]);
  });

  it('lists a record’s associations through v4', async () => {
    const expert = await createContact('m-1');
    const venture = await createContact('m-2');
    const deal = await createDeal('k-1', [expert.id, venture.id]);
    const page = await client.crm.associations.v4.basicApi.getPage('deals', deal.id, 'contacts');
    expect(page.results).toEqual([
      {
        toObjectId: Number(expert.id),
        associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3, label: null }],
      },
      {
        toObjectId: Number(venture.id),
        associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3, label: null }],
      },
    ]);
    const back = await client.crm.associations.v4.basicApi.getPage('contacts', expert.id, 'deals');
    expect(back.results).toEqual([
      {
        toObjectId: Number(deal.id),
        associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 4, label: null }],
      },
    ]);
    const limited = await client.crm.associations.v4.basicApi.getPage(
      'deals',
      deal.id,
      'contacts',
      undefined,
      1,
    );
    expect(limited.results.map((r) => r.toObjectId)).toEqual([Number(expert.id)]);
    expect(limited.paging?.next?.after).toBe('1');
  });
});

describe('archive', () => {
  it('moves a record to the recycling bin: gone from reads and associations, its unique value free', async () => {
    const contact = await createContact('m-archived');
    const deal = await createDeal('k-archived', [contact.id]);
    await client.crm.contacts.basicApi.archive(contact.id);
    expect(stub.records('contacts')).toEqual([]);
    expect(stub.archived('contacts').map((c) => c.properties.intergen_member_id)).toEqual(['m-archived']);
    expect((await failureOf(client.crm.contacts.basicApi.getById(contact.id))).code).toBe(404);
    expect(stub.records('deals').find((d) => d.id === deal.id)?.associations).toEqual([]);
    // A new contact may take the value again; archiving an id that is gone answers 204 as well.
    await createContact('m-archived');
    await client.crm.contacts.basicApi.archive(contact.id);
    expect(stub.archived('contacts')).toHaveLength(1);
  });
});

describe('anything else', () => {
  it('answers 404 in the error shape to an unknown route', async () => {
    for (const path of ['/crm/v3/objects/companies/1', '/crm/v3/objects/deals/1/extra', '/nothing']) {
      const response = await client.apiRequest({ method: 'GET', path });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ status: 'error' });
    }
    const put = await client.apiRequest({ method: 'PUT', path: '/crm/v3/objects/deals/1' });
    expect(put.status).toBe(404);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const response = await client.apiRequest({
      method: 'POST',
      path: '/crm/v3/objects/deals',
      body: '{"properties":',
      defaultJson: false,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });
});

describe('injected faults', () => {
  it('answers 429 with Retry-After and HubSpot’s rate-limit body, changing nothing', async () => {
    stub.fail({ rate: 1, status: 429, retryAfterSeconds: 7 });
    const error = await failureOf(createContact('m-1'));
    expect(error.code).toBe(429);
    expect(error.headers['retry-after']).toBe('7');
    expect(error.body).toMatchObject({
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
      groupName: expect.any(String),
      correlationId: expect.any(String),
    });
    expect(stub.records('contacts')).toEqual([]);
    expect(stub.stats().injectedFailures).toBe(1);

    stub.fail({ rate: 1 });
    expect((await failureOf(createContact('m-1'))).headers['retry-after']).toBe('1');
  });

  it('answers 500, 502 and 503 with an error body', async () => {
    for (const status of [500, 502, 503] as const) {
      stub.fail({ rate: 1, status });
      const error = await failureOf(client.crm.deals.basicApi.getById('1001'));
      expect(error.code).toBe(status);
      expect(error.body).toMatchObject({ status: 'error' });
    }
  });

  it('fails only the requests matching `only`', async () => {
    const contact = await createContact('m-1');
    stub.fail({ rate: 1, status: 503, only: /^PATCH / });
    await expect(createContact('m-2')).resolves.toBeDefined();
    await expect(client.crm.contacts.basicApi.getById(contact.id)).resolves.toBeDefined();
    const error = await failureOf(
      client.crm.contacts.basicApi.update(contact.id, { properties: { firstname: 'Ada' } }),
    );
    expect(error.code).toBe(503);
    expect(stub.records('contacts')[0]!.properties.firstname).toBeUndefined();
  });

  it('fails the same requests for the same seed', async () => {
    const contact = await createContact('m-1');
    const run = async (seed: number) => {
      stub.fail({ rate: 0.5, status: 500, seed });
      const outcomes: string[] = [];
      for (let i = 0; i < 40; i++) {
        outcomes.push(
          await client.crm.contacts.basicApi.getById(contact.id).then(
            () => 'ok',
            (error: ApiFailure) => String(error.code),
          ),
        );
      }
      return outcomes;
    };
    const first = await run(42);
    expect(first).toContain('ok');
    expect(first).toContain('500');
    expect(await run(42)).toEqual(first);
    expect(await run(7)).not.toEqual(first);
    stub.up();
    await expect(client.crm.contacts.basicApi.getById(contact.id)).resolves.toMatchObject({ id: contact.id });
  });

  it('is down until up(): 503 to everyone, or sockets reset', async () => {
    const contact = await createContact('m-1');
    stub.down();
    const error = await failureOf(client.crm.contacts.basicApi.getById(contact.id));
    expect(error.code).toBe(503);
    const anonymous = new Client({ basePath: stub.url });
    expect((await failureOf(anonymous.crm.contacts.basicApi.getById(contact.id))).code).toBe(503);

    stub.down('reset');
    const reset = await failureOf(createContact('m-2'));
    expect(reset.code).not.toEqual(expect.any(Number));
    expect(String(reset)).toMatch(/socket hang up|ECONNRESET/);
    expect(stub.records('contacts')).toHaveLength(1);

    stub.up();
    await expect(client.crm.contacts.basicApi.getById(contact.id)).resolves.toMatchObject({ id: contact.id });
    expect(stub.stats().injectedFailures).toBe(3);
  });
});

describe('held writes', () => {
  it('applies the write, never answers it, and drops the connection on release', async () => {
    const contact = await createContact('m-1');
    const held = stub.holdNextWrite(/^POST \/crm\/v3\/objects\/deals$/);
    // A write the hold does not match is answered as usual.
    await expect(
      client.crm.contacts.basicApi.update(contact.id, { properties: { firstname: 'Ada' } }),
    ).resolves.toBeDefined();

    const outcome = createDeal('k-1', [contact.id]).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await held;
    const [deal] = stub.records('deals');
    expect(deal).toMatchObject({ properties: { intergen_deal_key: 'k-1' }, associations: [contact.id] });

    stub.releaseHeld();
    const error = await outcome;
    expect(error).not.toBe('answered');
    expect(String(error)).toMatch(/socket hang up|ECONNRESET/);

    // The retry the dead worker's successor makes finds the record already there.
    const retry = await failureOf(createDeal('k-1', [contact.id]));
    expect(retry.code).toBe(400);
    expect(retry.body.message).toContain(
      `already has that value. Property intergen_deal_key must be unique (held by ${deal!.id})`,
    );
  });

  it('holds PATCHes and association creates too, and only successful ones', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', []);
    await createDeal('k-2', []);

    const heldPatch = stub.holdNextWrite(/^PATCH /);
    // A refused write is not applied, so it is answered and the hold stays armed.
    expect(
      (
        await failureOf(
          client.crm.deals.basicApi.update(deal.id, { properties: { intergen_deal_key: 'k-2' } }),
        )
      ).code,
    ).toBe(400);
    const patch = client.crm.deals.basicApi
      .update(deal.id, { properties: { dealstage: 'closedwon' } })
      .catch((e: unknown) => e);
    await heldPatch;
    expect(stub.records('deals')[0]!.properties.dealstage).toBe('closedwon');

    const heldLink = stub.holdNextWrite();
    const link = client.crm.associations.batchApi
      .create('deals', 'contacts', {
        inputs: [{ _from: { id: deal.id }, to: { id: contact.id }, type: 'deal_to_contact' }],
      })
      .catch((e: unknown) => e);
    await heldLink;
    expect(stub.records('deals')[0]!.associations).toEqual([contact.id]);

    stub.releaseHeld();
    expect(String(await patch)).toMatch(/socket hang up|ECONNRESET/);
    expect(String(await link)).toMatch(/socket hang up|ECONNRESET/);
  });
});

describe('stats and reset', () => {
  it('counts requests per route with ids as {id}', async () => {
    const contact = await createContact('m-1');
    await client.crm.contacts.basicApi.getById(contact.id);
    await client.crm.contacts.basicApi.getById(
      'm-1',
      undefined,
      undefined,
      undefined,
      false,
      'intergen_member_id',
    );
    await client.crm.contacts.basicApi.update(contact.id, { properties: { firstname: 'Ada' } });
    await client.crm.contacts.searchApi.doSearch({});
    stub.fail({ rate: 1 });
    await failureOf(client.crm.deals.basicApi.getById('1'));
    expect(stub.stats()).toEqual({
      requests: 6,
      injectedFailures: 1,
      byRoute: {
        'POST /crm/v3/objects/contacts': 1,
        'GET /crm/v3/objects/contacts/{id}': 2,
        'PATCH /crm/v3/objects/contacts/{id}': 1,
        'POST /crm/v3/objects/contacts/search': 1,
        'GET /crm/v3/objects/deals/{id}': 1,
      },
      rateLimited: { TEN_SECONDLY_ROLLING: 0, DAILY: 0, SECONDLY: 0 },
    });
  });

  it('forgets records, faults and stats, and starts ids over', async () => {
    const first = await createContact('m-1');
    stub.fail({ rate: 1 });
    stub.reset();
    expect(stub.records('contacts')).toEqual([]);
    expect(stub.stats()).toEqual({
      requests: 0,
      injectedFailures: 0,
      byRoute: {},
      rateLimited: { TEN_SECONDLY_ROLLING: 0, DAILY: 0, SECONDLY: 0 },
    });
    const again = await createContact('m-1');
    expect(again.id).toBe(first.id);
  });

  it('repeats bodies exactly with a fixed clock', async () => {
    const fixed = await startHubSpotStub({ now: () => Date.UTC(2025, 0, 1), latencyMs: 1 });
    try {
      const c = new Client({ accessToken: fixed.accessToken, basePath: fixed.url });
      const contact = await c.crm.contacts.basicApi.create({ properties: { intergen_member_id: 'm-1' } });
      expect(contact.createdAt.toISOString()).toBe('2025-01-01T00:00:00.000Z');
      expect(contact.properties.createdate).toBe('2025-01-01T00:00:00.000Z');
    } finally {
      await fixed.close();
    }
  });
});

describe('what a HubSpot user does to contacts: delete, merge, GDPR delete', () => {
  it('a deleted contact answers 404 to a read and a PATCH by its id, and its member id finds nothing', async () => {
    const contact = await createContact('m-1');
    await client.crm.contacts.basicApi.archive(contact.id);
    expect((await failureOf(client.crm.contacts.basicApi.getById(contact.id))).code).toBe(404);
    const patch = await failureOf(
      client.crm.contacts.basicApi.update(contact.id, { properties: { firstname: 'A' } }),
    );
    expect(patch.code).toBe(404);
    expect(patch.body.category).toBe('OBJECT_NOT_FOUND');
    const byMember = client.crm.contacts.basicApi.getById(
      'm-1',
      [],
      undefined,
      undefined,
      false,
      'intergen_member_id',
    );
    expect((await failureOf(byMember)).code).toBe(404);
  });

  it('a merge makes a new record: the old ids read as it, a PATCH of an old id is 404, our member id finds it', async () => {
    const primary = await createContact('m-1');
    const other = await client.crm.contacts.basicApi.create({
      properties: { email: 'lead@example.com', phone: '555' },
      associations: [],
    });
    const deal = await createDeal('k-1', [other.id]);
    const merged = await client.crm.contacts.basicApi.merge({
      primaryObjectId: primary.id,
      objectIdToMerge: other.id,
    });
    expect(merged.id).not.toBe(primary.id);
    expect(merged.id).not.toBe(other.id);
    // The primary's values win; the other's fill what the primary lacked.
    expect(merged.properties).toMatchObject({
      intergen_member_id: 'm-1',
      email: 'm-1@example.com',
      phone: '555',
      hs_merged_object_ids: `${primary.id};${other.id}`,
    });
    expect((await client.crm.contacts.basicApi.getById(primary.id)).id).toBe(merged.id);
    expect((await client.crm.contacts.basicApi.getById(other.id)).id).toBe(merged.id);
    const patch = client.crm.contacts.basicApi.update(primary.id, { properties: { firstname: 'A' } });
    expect((await failureOf(patch)).code).toBe(404);
    const byMember = await client.crm.contacts.basicApi.getById(
      'm-1',
      [],
      undefined,
      undefined,
      false,
      'intergen_member_id',
    );
    expect(byMember.id).toBe(merged.id);
    expect(stub.records('contacts').map((c) => c.id)).toEqual([merged.id]);
    expect(stub.records('deals').find((d) => d.id === deal.id)?.associations).toEqual([merged.id]);
    // Merging away a record that no longer exists is refused.
    const again = client.crm.contacts.basicApi.merge({
      primaryObjectId: merged.id,
      objectIdToMerge: other.id,
    });
    expect((await failureOf(again)).code).toBe(404);
  });

  it('a GDPR delete removes the contact for good: not archived, its unique values free, its deals unassociated', async () => {
    const contact = await createContact('m-1');
    const deal = await createDeal('k-1', [contact.id]);
    await client.crm.contacts.basicApi.purge({ objectId: contact.id });
    expect(stub.records('contacts')).toEqual([]);
    expect(stub.archived('contacts')).toEqual([]);
    expect(stub.records('deals').find((d) => d.id === deal.id)?.associations).toEqual([]);
    expect((await failureOf(client.crm.contacts.basicApi.getById(contact.id))).code).toBe(404);
    // An id it does not have: 404; an e-mail it does not have: blocklisted, 204.
    expect((await failureOf(client.crm.contacts.basicApi.purge({ objectId: contact.id }))).code).toBe(404);
    await client.crm.contacts.basicApi.purge({ objectId: 'nobody@example.com', idProperty: 'email' });
    expect((await createContact('m-1')).properties.intergen_member_id).toBe('m-1');
    expect(stub.stats().byRoute).toMatchObject({ 'POST /crm/v3/objects/contacts/gdpr-delete': 3 });
  });
});

describe('HubSpot’s request limits (hubspot-stub.limits.ts)', () => {
  let clock = Date.UTC(2026, 11, 6, 12);
  let limited: HubSpotStub;
  let c: Client;

  beforeAll(async () => {
    limited = await startHubSpotStub({ now: () => clock, limits: { tenSecondly: 3, daily: 5 } });
    c = new Client({ accessToken: limited.accessToken, basePath: limited.url });
  });
  afterAll(() => limited.close());
  beforeEach(() => {
    limited.reset();
    limited.limit({ tenSecondly: 3, daily: 5 });
    clock = Date.UTC(2026, 11, 6, 12);
  });

  const readMissing = () => failureOf(c.crm.contacts.basicApi.getById('1'));

  it('sends the X-HubSpot-RateLimit-* headers on every answer, counting down', async () => {
    const first = await readMissing();
    expect(first.code).toBe(404);
    expect(first.headers).toMatchObject({
      'x-hubspot-ratelimit-max': '3',
      'x-hubspot-ratelimit-remaining': '2',
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-daily': '5',
      'x-hubspot-ratelimit-daily-remaining': '4',
    });
    expect((await readMissing()).headers['x-hubspot-ratelimit-remaining']).toBe('1');
  });

  it('answers the fourth request in ten rolling seconds 429 TEN_SECONDLY_ROLLING, without Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      clock += 3000;
      expect((await readMissing()).code).toBe(404);
    }
    const over = await readMissing();
    expect(over.code).toBe(429);
    expect(over.headers['retry-after']).toBeUndefined();
    expect(over.body).toEqual({
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      correlationId: expect.any(String),
      policyName: 'TEN_SECONDLY_ROLLING',
      groupName: expect.any(String),
    });
    // The window rolls: ten seconds after the first request, one more fits.
    clock += 4000;
    expect((await readMissing()).code).toBe(404);
    expect(limited.stats().rateLimited.TEN_SECONDLY_ROLLING).toBe(1);
  });

  it('answers 429 DAILY once the day’s requests are used up, until midnight (UTC here)', async () => {
    for (let i = 0; i < 5; i++) {
      clock += 10_000;
      await readMissing();
    }
    clock += 10_000;
    const over = await readMissing();
    expect(over.code).toBe(429);
    expect(over.body).toMatchObject({ policyName: 'DAILY', message: 'You have reached your daily limit.' });
    expect(over.headers['x-hubspot-ratelimit-daily-remaining']).toBe('0');
    clock = Date.UTC(2026, 11, 7);
    expect((await readMissing()).code).toBe(404);
  });

  it('limits searches to 5 a second, with no rate-limit headers on their answers', async () => {
    limited.limit({ tenSecondly: 100, daily: 1000 });
    const search = () =>
      c.crm.contacts.searchApi.doSearch({ filterGroups: [], limit: 1 } as never).then(
        () => 200,
        (e: ApiFailure) => e,
      );
    for (let i = 0; i < 5; i++) expect(await search()).toBe(200);
    const over = (await search()) as ApiFailure;
    expect(over.code).toBe(429);
    expect(over.body).toMatchObject({
      policyName: 'SECONDLY',
      message: 'You have reached your secondly limit.',
    });
    expect(over.headers['x-hubspot-ratelimit-remaining']).toBeUndefined();
    clock += 1000;
    expect(await search()).toBe(200);
  });

  it('sends Retry-After when configured to, and an injected 429 may name the daily limit', async () => {
    limited.limit({ tenSecondly: 1, retryAfterSeconds: 4 });
    await readMissing();
    expect((await readMissing()).headers['retry-after']).toBe('4');
    limited.fail({ rate: 1, status: 429, policy: 'DAILY', retryAfterSeconds: null });
    const injected = await readMissing();
    expect(injected.body).toMatchObject({ policyName: 'DAILY' });
    expect(injected.headers['retry-after']).toBeUndefined();
  });
});

describe('batch endpoints (hubspot-stub.batch.ts)', () => {
  const dealInput = (key: string, trace: string) => ({
    properties: { dealname: key, intergen_deal_key: key },
    associations: [],
    objectWriteTraceId: trace,
  });

  it('creates in one request, answering 201, each result with its input’s trace id', async () => {
    const created = await client.crm.deals.batchApi.create({
      inputs: [dealInput('k-1', 'job-1'), dealInput('k-2', 'job-2')],
    });
    expect(created.results.map((r) => [r.properties.intergen_deal_key, r.objectWriteTraceId])).toEqual([
      ['k-1', 'job-1'],
      ['k-2', 'job-2'],
    ]);
    expect(stub.stats().byRoute).toEqual({ 'POST /crm/v3/objects/deals/batch/create': 1 });
  });

  it('answers 207 for a partial failure: the other inputs are stored, the failed one named by its trace', async () => {
    await client.crm.deals.batchApi.create({ inputs: [dealInput('k-1', 'job-1')] });
    const answer = (await client.crm.deals.batchApi.create({
      inputs: [dealInput('k-1', 'job-2'), dealInput('k-3', 'job-3')],
    })) as { results: { objectWriteTraceId?: string }[]; errors?: { category: string; context: object }[] };
    expect(answer.results.map((r) => r.objectWriteTraceId)).toEqual(['job-3']);
    expect(answer.errors).toEqual([
      expect.objectContaining({ category: 'VALIDATION_ERROR', context: { objectWriteTraceId: ['job-2'] } }),
    ]);
    expect(stub.records('deals')).toHaveLength(2);
  });

  it('reads by a unique property, naming the ids it did not find (207)', async () => {
    await client.crm.deals.batchApi.create({ inputs: [dealInput('k-1', 't')] });
    const read = (await client.crm.deals.batchApi.read({
      inputs: [{ id: 'k-1' }, { id: 'k-9' }],
      idProperty: 'intergen_deal_key',
      properties: ['intergen_deal_key', 'dealstage'],
      propertiesWithHistory: [],
    })) as { results: { properties: Record<string, string | null> }[]; errors?: { context: object }[] };
    expect(read.results.map((r) => r.properties.intergen_deal_key)).toEqual(['k-1']);
    expect(read.errors).toEqual([
      expect.objectContaining({ category: 'OBJECT_NOT_FOUND', context: { ids: ['k-9'] } }),
    ]);
  });

  it('updates through the single update’s checks; refuses 101 inputs and a repeated id (400)', async () => {
    const [a] = (await client.crm.deals.batchApi.create({ inputs: [dealInput('k-1', 't')] })).results;
    const updated = await client.crm.deals.batchApi.update({
      inputs: [{ id: a!.id, properties: { dealstage: 's-2' } }],
    });
    expect(updated.results[0]!.properties.dealstage).toBe('s-2');
    const tooMany = Array.from({ length: 101 }, (_, i) => ({ id: String(i), properties: {} }));
    expect((await failureOf(client.crm.deals.batchApi.update({ inputs: tooMany }))).code).toBe(400);
    const twice = [a!.id, a!.id].map((id) => ({ id, properties: {} }));
    expect((await failureOf(client.crm.deals.batchApi.update({ inputs: twice }))).code).toBe(400);
    const readOnly = await client.crm.deals.batchApi.update({
      inputs: [{ id: a!.id, properties: { hs_object_id: '1' } }],
    });
    expect((readOnly as { errors?: { category: string }[] }).errors?.[0]?.category).toBe('VALIDATION_ERROR');
  });
});

describe('the portal (hubspot-stub.portal.ts)', () => {
  /** The refusals HubSpot lists after "Property values were not valid: ". */
  const refusalsOf = (failure: ApiFailure) => {
    expect(failure.code).toBe(400);
    expect(failure.body).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
    expect(failure.body.message).toMatch(/^Property values were not valid: \[/);
    return JSON.parse(failure.body.message.slice('Property values were not valid: '.length)) as Record<
      string,
      unknown
    >[];
  };
  const connectionPipeline = '900100';
  const networkStage = '900108';

  it('refuses a property the portal does not have, on create and update, and stores nothing', async () => {
    const created = await failureOf(
      client.crm.contacts.basicApi.create({
        properties: { intergen_member_id: 'm-1', favourite_colour: 'blue' },
      }),
    );
    expect(refusalsOf(created)).toEqual([
      {
        isValid: false,
        message: 'Property "favourite_colour" does not exist',
        error: 'PROPERTY_DOESNT_EXIST',
        name: 'favourite_colour',
        localizedErrorMessage: 'Property "favourite_colour" does not exist',
        portalId: 1234567,
      },
    ]);
    expect(created.body.errors).toEqual([
      {
        message: 'Property "favourite_colour" does not exist',
        code: 'PROPERTY_DOESNT_EXIST',
        context: { propertyName: ['favourite_colour'] },
      },
    ]);
    expect(stub.records('contacts')).toEqual([]);
    const contact = await createContact('m-1');
    const updated = await failureOf(
      client.crm.contacts.basicApi.update(contact.id, { properties: { favourite_colour: 'blue' } }),
    );
    expect(refusalsOf(updated).map((r) => r.name)).toEqual(['favourite_colour']);
  });

  it('refuses an unknown pipeline, and a stage not in the deal’s pipeline', async () => {
    const unknown = await failureOf(
      client.crm.deals.basicApi.create({
        properties: { intergen_deal_key: 'k-1', pipeline: '424242', dealstage: '900101' },
      }),
    );
    expect(refusalsOf(unknown)).toMatchObject([{ error: 'INVALID_OPTION', name: 'pipeline' }]);
    expect(String(refusalsOf(unknown)[0]!.message)).toMatch(/^424242 was not one of the allowed options: \[/);

    // A My Network stage in the connection pipeline.
    const otherStage = await failureOf(
      client.crm.deals.basicApi.create({
        properties: { intergen_deal_key: 'k-1', pipeline: connectionPipeline, dealstage: networkStage },
      }),
    );
    expect(refusalsOf(otherStage)).toMatchObject([{ error: 'INVALID_OPTION', name: 'dealstage' }]);
    expect(stub.records('deals')).toEqual([]);

    // An update is checked against the pipeline the deal is in.
    const deal = await client.crm.deals.basicApi.create({
      properties: { intergen_deal_key: 'k-1', pipeline: connectionPipeline, dealstage: '900101' },
    });
    const moved = await failureOf(
      client.crm.deals.basicApi.update(deal.id, { properties: { dealstage: networkStage } }),
    );
    expect(refusalsOf(moved)).toMatchObject([{ error: 'INVALID_OPTION', name: 'dealstage' }]);
    await client.crm.deals.basicApi.update(deal.id, { properties: { dealstage: '900102' } });
    expect(stub.records('deals')[0]!.properties.dealstage).toBe('900102');
  });

  it('refuses a value that is not among an enumeration’s options, each of a multi-select checked', async () => {
    const failure = await failureOf(
      client.crm.contacts.basicApi.create({
        properties: { intergen_member_id: 'm-1', profile_type: 'Pirate', experience: 'energy;knitting' },
      }),
    );
    expect(refusalsOf(failure).map((r) => [r.name, r.error, String(r.message).split(':')[0]])).toEqual([
      ['profile_type', 'INVALID_OPTION', 'Pirate was not one of the allowed options'],
      ['experience', 'INVALID_OPTION', 'knitting was not one of the allowed options'],
    ]);
    await client.crm.contacts.basicApi.create({
      properties: { intergen_member_id: 'm-1', profile_type: 'Expert', experience: 'energy;tech' },
    });
  });

  it('answers the properties and pipelines APIs, and the token’s scopes', async () => {
    const property = await client.crm.properties.coreApi.getByName('contacts', 'intergen_member_id');
    expect(property).toMatchObject({ type: 'string', fieldType: 'text', hasUniqueValue: true });
    const missing = await failureOf(client.crm.properties.coreApi.getByName('contacts', 'nope'));
    expect(missing.code).toBe(404);
    const again = await failureOf(
      client.crm.properties.coreApi.create('contacts', {
        name: 'intergen_member_id',
        label: 'again',
        type: 'string',
        fieldType: 'text',
        groupName: 'intergen',
      } as never),
    );
    expect([again.code, again.body.category]).toEqual([409, 'OBJECT_ALREADY_EXISTS']);
    const pipeline = await client.crm.pipelines.pipelinesApi.getById('deals', connectionPipeline);
    expect(pipeline.stages.map((s) => s.id)).toEqual([
      '900101',
      '900102',
      '900103',
      '900104',
      '900105',
      '900106',
    ]);
    const info = await client.apiRequest({
      method: 'POST',
      path: '/oauth/v2/private-apps/get/access-token-info',
      body: { tokenKey: stub.accessToken },
    });
    expect(await info.json()).toMatchObject({ scopes: expect.arrayContaining(['crm.objects.deals.write']) });
  });

  it('a fresh portal has HubSpot’s own properties and its Sales Pipeline only', async () => {
    const fresh = await startHubSpotStub({ portal: { state: 'fresh' } });
    try {
      const c = new Client({ accessToken: fresh.accessToken, basePath: fresh.url });
      const pipelines = (await c.crm.pipelines.pipelinesApi.getAll('deals')).results;
      expect(pipelines.map((p) => [p.id, p.label])).toEqual([['default', 'Sales Pipeline']]);
      const names = (await c.crm.properties.coreApi.getAll('contacts')).results.map((p) => p.name);
      expect(names).toContain('email');
      expect(names).not.toContain('intergen_member_id');
      // A deal in HubSpot's default pipeline is fine; one of our properties is not there yet.
      await c.crm.deals.basicApi.create({ properties: { dealname: 'x', dealstage: 'appointmentscheduled' } });
      const failure = await failureOf(
        c.crm.deals.basicApi.create({ properties: { intergen_deal_key: 'k-1', dealstage: 'closedwon' } }),
      );
      expect(refusalsOf(failure).map((r) => r.name)).toEqual(['intergen_deal_key']);
    } finally {
      await fresh.close();
    }
  });
});
