import { describe, expect, it } from 'vitest';
import { checkImport, csvRecords } from './menu-import';

const HEADER = 'category,name_en,name_id,name_my,price,order_types';

describe('menu import rows', () => {
  it('CSV with quotes, a quoted comma and a blank line: records keep the line they start on', () => {
    expect(csvRecords('a,b\n\n"x, y","say ""hi"""\r\nlast,1')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['x, y', 'say "hi"'] },
      { line: 4, cells: ['last', '1'] },
    ]);
  });

  it('good rows: ringgit price to sen, order types by word or number, all types by default', () => {
    const { rows, errors } = checkImport(
      'csv',
      `${HEADER}\nMains, Nasi Ayam ,Nasi Ayam,Nasi Ayam,12.5,dine-in|pickup\nDrinks,Milo,Milo,Milo,3,`,
      'MYR',
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        category: 'Mains',
        names: { en: 'Nasi Ayam', id: 'Nasi Ayam', my: 'Nasi Ayam' },
        price: 1250,
        orderTypes: [1, 3],
      },
      {
        line: 3,
        category: 'Drinks',
        names: { en: 'Milo', id: 'Milo', my: 'Milo' },
        price: 300,
        orderTypes: [1, 2, 3],
      },
    ]);
  });

  it('every wrong line is reported with its number and what is wrong', () => {
    const csv = [
      HEADER,
      'Mains,Nasi Ayam,Nasi Ayam,Nasi Ayam,12.50,',
      'Mains,Mee Goreng,Mie Goreng,,8.00,',
      'Mains,Laksa,Laksa,Laksa,0,',
      'Mains,Satay,Sate,Satay,5.555,',
      ',Kopi,Kopi,Kopi,2,',
      'Mains,Roti,Roti,Roti,2,drive-thru',
      'Mains,nasi ayam,Nasi Ayam,Nasi Ayam,9,',
      `Mains,${'x'.repeat(121)},a,a,2,`,
    ].join('\n');
    expect(checkImport('csv', csv, 'MYR').errors).toEqual([
      { line: 3, error: 'nameMy' },
      { line: 4, error: 'price' },
      { line: 5, error: 'price' },
      { line: 6, error: 'category' },
      { line: 7, error: 'orderTypes' },
      { line: 8, error: 'duplicate' },
      { line: 9, error: 'nameEn' },
    ]);
  });

  it('rupiah prices are whole; a missing column, bad JSON and no rows are one error each', () => {
    expect(checkImport('csv', `${HEADER}\nA,B,B,B,15000,`, 'IDR').rows[0]?.price).toBe(15000);
    expect(checkImport('csv', `${HEADER}\nA,B,B,B,150.5,`, 'IDR').errors).toEqual([
      { line: 2, error: 'price' },
    ]);
    expect(checkImport('csv', 'category,name_en,price\nA,B,1', 'MYR').errors).toEqual([
      { line: 1, error: 'header' },
    ]);
    expect(checkImport('json', '{"not":"a list"}', 'MYR').errors).toEqual([{ line: 1, error: 'json' }]);
    expect(checkImport('csv', HEADER, 'MYR').errors).toEqual([{ line: 1, error: 'empty' }]);
    expect(
      checkImport(
        'json',
        JSON.stringify([
          { category: 'A', name_en: 'B', name_id: 'B', name_my: 'B', price: 2.5, order_types: ['delivery'] },
          { category: 'A', name_en: 'C', name_id: 'C', name_my: 'C', price: -1 },
        ]),
        'MYR',
      ),
    ).toMatchObject({
      rows: [{ line: 1, price: 250, orderTypes: [2] }],
      errors: [{ line: 2, error: 'price' }],
    });
  });
});
