import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FAKE_TAXPAYERS,
  MyInvoisUnavailable,
  encodeDocument,
  fakeMyInvois,
  myInvoisAdapter,
} from './myinvois';

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A fetch that records requests and answers from a script (recorded MyInvois replies). */
function scripted(answer: (request: Recorded, index: number) => { status: number; body?: unknown }) {
  const requests: Recorded[] = [];
  const fetch = async (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) => {
    const request = { url, ...init };
    requests.push(request);
    const reply = answer(request, requests.length - 1);
    return {
      status: reply.status,
      text: async () =>
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body),
    };
  };
  return { requests, fetch };
}

const TOKEN = {
  access_token: 'eyJ.token.sig',
  expires_in: 3600,
  token_type: 'Bearer',
  scope: 'InvoicingAPI',
};

function adapter(answer: Parameters<typeof scripted>[0], now = () => new Date('2026-11-23T04:00:00Z')) {
  const net = scripted(answer);
  return {
    ...net,
    myinvois: myInvoisAdapter({
      clientId: 'client-1',
      clientSecret: 's3cret',
      env: 'preprod',
      fetch: net.fetch,
      now,
    }),
  };
}

const tokenOr = (other: (r: Recorded) => { status: number; body?: unknown }) => (r: Recorded) =>
  r.url.endsWith('/connect/token') ? { status: 200, body: TOKEN } : other(r);

describe('myInvoisAdapter (request shapes of the MyInvois docs)', () => {
  it('validate TIN 200 -> true, with a client-credentials token fetched once and reused', async () => {
    const { requests, myinvois } = adapter(tokenOr(() => ({ status: 200 })));
    expect(
      await myinvois.validateTin({ tin: 'IG12345678901', idType: 'NRIC', idValue: '900101145678' }),
    ).toBe(true);
    expect(await myinvois.validateTin({ tin: 'C1234567890', idType: 'BRN', idValue: '201901234567' })).toBe(
      true,
    );
    const [login, first] = requests;
    expect(login).toMatchObject({
      url: 'https://preprod-api.myinvois.hasil.gov.my/connect/token',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(Object.fromEntries(new URLSearchParams(login!.body))).toEqual({
      client_id: 'client-1',
      client_secret: 's3cret',
      grant_type: 'client_credentials',
      scope: 'InvoicingAPI',
    });
    expect(first).toMatchObject({
      url: 'https://preprod-api.myinvois.hasil.gov.my/api/v1.0/taxpayer/validate/IG12345678901?idType=NRIC&idValue=900101145678',
      method: 'GET',
      headers: { authorization: 'Bearer eyJ.token.sig' },
    });
    expect(requests.filter((r) => r.url.endsWith('/connect/token'))).toHaveLength(1);
  });

  it('validate TIN 404 -> false; 500 -> MyInvoisUnavailable', async () => {
    const notFound = adapter(tokenOr(() => ({ status: 404 })));
    expect(await notFound.myinvois.validateTin({ tin: 'IG12345678901', idType: 'NRIC', idValue: '1' })).toBe(
      false,
    );
    const down = adapter(tokenOr(() => ({ status: 500 })));
    await expect(
      down.myinvois.validateTin({ tin: 'IG12345678901', idType: 'NRIC', idValue: '1' }),
    ).rejects.toBeInstanceOf(MyInvoisUnavailable);
  });

  it('401 on a call -> logs in again once and retries', async () => {
    let calls = 0;
    const { requests, myinvois } = adapter(tokenOr(() => ({ status: calls++ === 0 ? 401 : 200 })));
    expect(
      await myinvois.validateTin({ tin: 'IG12345678901', idType: 'NRIC', idValue: '900101145678' }),
    ).toBe(true);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/connect/token',
      '/api/v1.0/taxpayer/validate/IG12345678901',
      '/connect/token',
      '/api/v1.0/taxpayer/validate/IG12345678901',
    ]);
  });

  it('expired token -> a new login', async () => {
    let now = new Date('2026-11-23T04:00:00Z');
    const { requests, myinvois } = adapter(
      tokenOr(() => ({ status: 200 })),
      () => now,
    );
    await myinvois.validateTin({ tin: 'IG12345678901', idType: 'NRIC', idValue: '900101145678' });
    now = new Date('2026-11-23T05:00:00Z');
    await myinvois.validateTin({ tin: 'IG12345678901', idType: 'NRIC', idValue: '900101145678' });
    expect(requests.filter((r) => r.url.endsWith('/connect/token'))).toHaveLength(2);
  });

  it('submit -> documents[0] is the base64 JSON with its hex SHA-256 and codeNumber; 202 -> uuid', async () => {
    const document = {
      _D: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
      Invoice: [{ ID: [{ _: 'SANTAP-42' }] }],
    };
    const { requests, myinvois } = adapter(
      tokenOr(() => ({
        status: 202,
        body: {
          submissionUid: 'HJSD135P2S7D8IU',
          acceptedDocuments: [{ uuid: 'F9D425P6DS7D8IU', invoiceCodeNumber: 'SANTAP-42' }],
          rejectedDocuments: [],
        },
      })),
    );
    const result = await myinvois.submitDocument({ codeNumber: 'SANTAP-42', document });
    expect(result).toEqual({ submissionUid: 'HJSD135P2S7D8IU', uuid: 'F9D425P6DS7D8IU', errors: [] });
    const submit = requests[1]!;
    expect(submit).toMatchObject({
      url: 'https://preprod-api.myinvois.hasil.gov.my/api/v1.0/documentsubmissions',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer eyJ.token.sig' },
    });
    const body = JSON.parse(submit.body!) as { documents: Record<string, string>[] };
    expect(body.documents).toHaveLength(1);
    const sent = body.documents[0]!;
    expect(sent.format).toBe('JSON');
    expect(sent.codeNumber).toBe('SANTAP-42');
    const json = Buffer.from(sent.document!, 'base64').toString('utf8');
    expect(JSON.parse(json)).toEqual(document);
    expect(sent.documentHash).toBe(createHash('sha256').update(json).digest('hex'));
  });

  it('submit 202 with the document rejected -> no uuid and the reasons', async () => {
    const { myinvois } = adapter(
      tokenOr(() => ({
        status: 202,
        body: {
          submissionUid: 'HJSD135P2S7D8IU',
          acceptedDocuments: [],
          rejectedDocuments: [
            {
              invoiceCodeNumber: 'SANTAP-42',
              error: {
                code: 'ValidationError',
                message: 'Validation Error',
                details: [{ code: 'CF321', message: 'Issuance date time value is not valid' }],
              },
            },
          ],
        },
      })),
    );
    expect(await myinvois.submitDocument({ codeNumber: 'SANTAP-42', document: {} })).toEqual({
      submissionUid: 'HJSD135P2S7D8IU',
      uuid: null,
      errors: [{ code: 'CF321', message: 'Issuance date time value is not valid' }],
    });
  });

  it('document details -> Valid with longId; Invalid with the failing validation step', async () => {
    const valid = adapter(
      tokenOr((r) => {
        expect(r.url).toBe(
          'https://preprod-api.myinvois.hasil.gov.my/api/v1.0/documents/F9D425P6DS7D8IU/details',
        );
        return {
          status: 200,
          body: {
            uuid: 'F9D425P6DS7D8IU',
            status: 'Valid',
            longId: 'LIJAF97HJJKH8298KHADH09908570FDKK9S2LSIUHB377373',
          },
        };
      }),
    );
    expect(await valid.myinvois.getDocumentStatus('F9D425P6DS7D8IU')).toEqual({
      status: 'valid',
      longId: 'LIJAF97HJJKH8298KHADH09908570FDKK9S2LSIUHB377373',
      errors: [],
    });
    const invalid = adapter(
      tokenOr(() => ({
        status: 200,
        body: {
          status: 'Invalid',
          longId: '',
          validationResults: {
            status: 'Invalid',
            validationSteps: [
              { status: 'Valid', name: 'Step01-Structure Validator' },
              {
                status: 'Invalid',
                name: 'Step03-Taxpayer Validator',
                error: { code: 'ERR206', message: 'NRIC/ARMY mismatch' },
              },
            ],
          },
        },
      })),
    );
    expect(await invalid.myinvois.getDocumentStatus('X')).toEqual({
      status: 'invalid',
      longId: null,
      errors: [{ code: 'ERR206', message: 'NRIC/ARMY mismatch' }],
    });
    expect(valid.myinvois.validationLink('F9D425P6DS7D8IU', 'LONG')).toBe(
      'https://preprod.myinvois.hasil.gov.my/F9D425P6DS7D8IU/share/LONG',
    );
  });

  it('network error -> MyInvoisUnavailable', async () => {
    const myinvois = myInvoisAdapter({
      clientId: 'a',
      clientSecret: 'b',
      env: 'prod',
      now: () => new Date(),
      fetch: () => Promise.reject(new Error('ECONNREFUSED')),
    });
    await expect(myinvois.getDocumentStatus('X')).rejects.toBeInstanceOf(MyInvoisUnavailable);
  });
});

describe('encodeDocument', () => {
  it('{"a":1} -> base64 eyJhIjoxfQ== and its SHA-256', () => {
    expect(encodeDocument({ a: 1 })).toEqual({
      json: '{"a":1}',
      base64: 'eyJhIjoxfQ==',
      hash: '015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862',
    });
  });
});

describe('fakeMyInvois', () => {
  const fake = fakeMyInvois();

  it.each(FAKE_TAXPAYERS)('demo taxpayer $tin with its own $idType -> valid', async (taxpayer) => {
    expect(await fake.validateTin(taxpayer)).toBe(true);
  });

  it.each([
    ['demo TIN, another NRIC', 'IG12345678901', 'NRIC', '900101145679'],
    ['demo TIN, another ID type', 'IG12345678901', 'PASSPORT', 'A12345678'],
    ['individual TIN with a BRN', 'IG99999999990', 'BRN', '201901234567'],
    ['business TIN with an NRIC', 'C9999999990', 'NRIC', '900101145678'],
    ['malformed TIN', 'IG12', 'NRIC', '900101145678'],
    ['malformed NRIC', 'IG99999999990', 'NRIC', '12345'],
    ['general TIN', 'EI00000000010', 'NRIC', '900101145678'],
  ] as const)('%s -> invalid', async (_, tin, idType, idValue) => {
    expect(await fake.validateTin({ tin, idType, idValue })).toBe(false);
  });

  it('unknown well-formed individual TIN with a well-formed NRIC -> valid', async () => {
    expect(await fake.validateTin({ tin: 'IG99999999990', idType: 'NRIC', idValue: '900101145678' })).toBe(
      true,
    );
  });

  it('document without parties or lines -> rejected with reasons; status of an unknown uuid -> unavailable', async () => {
    const result = await fake.submitDocument({
      codeNumber: 'X',
      document: { Invoice: [{ ID: [{ _: 'X' }] }] },
    });
    expect(result.uuid).toBeNull();
    expect(result.errors.map((e) => e.code)).toEqual(['CF401', 'CF401', 'CF367', 'CF410']);
    await expect(fake.getDocumentStatus('not-a-fake-uuid')).rejects.toBeInstanceOf(MyInvoisUnavailable);
  });
});
