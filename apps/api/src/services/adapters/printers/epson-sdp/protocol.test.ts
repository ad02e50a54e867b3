/** Epson Server Direct Print protocol, pure: inputs shaped as Epson's manuals show them (README of this folder). */
import { describe, expect, it } from 'vitest';
import {
  ASB,
  jobIdOf,
  outcomeOfCode,
  parsePost,
  parseResponseFile,
  printJobIdOf,
  printRequestXml,
  stateOfStatus,
} from './protocol';

/** The Version 2.00 printing result of the manual's example, for job santap-12. */
const RESULT = `<?xml version="1.0" encoding="utf-8"?>
<PrintResponseInfo Version="2.00">
<ePOSPrint>
<Parameter>
<devid>local_printer</devid>
<printjobid>santap-12</printjobid>
</Parameter>
<PrintResponse>
<response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" success="true" code="" status="251658262" battery="0"/>
</PrintResponse>
</ePOSPrint>
</PrintResponseInfo>`;

describe('Server Direct Print protocol', () => {
  it('GetRequest and SetResponse form posts -> read; anything else -> null', () => {
    expect(parsePost({ ConnectionType: 'GetRequest', ID: 'p1001-ab' })).toEqual({
      connectionType: 'GetRequest',
      id: 'p1001-ab',
    });
    expect(parsePost({ ConnectionType: 'GetRequest', ID: '' })).toEqual({
      connectionType: 'GetRequest',
      id: '',
    });
    expect(parsePost({ ConnectionType: 'SetResponse', ID: 'x', ResponseFile: RESULT })?.connectionType).toBe(
      'SetResponse',
    );
    for (const form of [null, {}, { ConnectionType: 'Print' }, { ConnectionType: 'SetResponse', ID: 'x' }])
      expect(parsePost(form)).toBeNull();
    expect(parsePost({ ConnectionType: 'GetRequest', ID: 'x'.repeat(31) })).toBeNull();
  });

  it('the print request -> PrintRequestInfo 2.00, one ePOSPrint per job with its printjobid', () => {
    const xml = printRequestXml([
      { jobId: 12, eposPrint: '<?xml version="1.0"?><epos-print xmlns="x"><text>A</text></epos-print>' },
      { jobId: 13, eposPrint: '<epos-print xmlns="x"><cut/></epos-print>' },
    ]);
    expect(xml).toContain('<PrintRequestInfo Version="2.00">');
    expect(xml.match(/<ePOSPrint>/g)).toHaveLength(2);
    expect(xml).toContain('<printjobid>santap-12</printjobid>');
    expect(xml).toContain('<PrintData><epos-print xmlns="x"><text>A</text></epos-print></PrintData>');
    expect(xml.match(/<\?xml/g)).toHaveLength(1);
    expect(jobIdOf(printJobIdOf(12))).toBe(12);
    expect(jobIdOf('ABC123')).toBeNull();
  });

  it("the manual's printing result -> success for santap-12; a failure's code; a refused request", () => {
    expect(parseResponseFile(RESULT)).toEqual({
      accepted: true,
      results: [{ printJobId: 'santap-12', success: true, code: '', status: 251658262 }],
    });
    const failed = RESULT.replace('success="true" code=""', 'success="false" code="EPTR_REC_EMPTY"');
    expect(parseResponseFile(failed)).toEqual({
      accepted: true,
      results: [{ printJobId: 'santap-12', success: false, code: 'EPTR_REC_EMPTY', status: 251658262 }],
    });
    const refused = `<?xml version="1.0" encoding="utf-8"?><PrintResponseInfo Version="3.00"><ServerDirectPrint><Response Success="false"><ErrorSummary>Invalid XML format</ErrorSummary></Response></ServerDirectPrint></PrintResponseInfo>`;
    expect(parseResponseFile(refused)).toEqual({ accepted: false, results: [] });
  });

  it('a ResponseFile that is not one -> null', () => {
    expect(parseResponseFile('hello')).toBeNull();
    expect(parseResponseFile(RESULT.replace('status="251658262"', 'status="lots"'))).toBeNull();
    expect(parseResponseFile(RESULT.replace('</PrintResponseInfo>', ''))).toBeNull();
  });

  it('status bits -> states (worst first); codes -> retry or failed', () => {
    expect(stateOfStatus(ASB.PRINT_SUCCESS)).toBe('online');
    expect(stateOfStatus(ASB.PRINT_SUCCESS | ASB.RECEIPT_NEAR_END)).toBe('paper_low');
    expect(stateOfStatus(ASB.RECEIPT_END | ASB.COVER_OPEN | ASB.OFF_LINE)).toBe('paper_out');
    expect(stateOfStatus(ASB.COVER_OPEN | ASB.OFF_LINE)).toBe('cover_open');
    expect(stateOfStatus(ASB.AUTOCUTTER_ERR)).toBe('error');
    expect(outcomeOfCode('EPTR_REC_EMPTY')).toBe('retry');
    expect(outcomeOfCode('SchemaError')).toBe('failed');
  });
});
