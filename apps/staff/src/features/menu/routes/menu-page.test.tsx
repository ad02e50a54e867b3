import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startI18n } from '../../../app/i18n';
import { AppProviders } from '../../../app/providers';
import { setStaffToken } from '../../../lib/session';
import { KITCHEN_ME, ok, refused, stubServer } from '../../../lib/testing';

const MANAGER_ME = {
  ...KITCHEN_ME,
  staff: { ...KITCHEN_ME.staff, staff_id: 1, role: 'manager', username: 'kopitiam-ali-manager' },
};

function testMenu() {
  return {
    currency: 'MYR',
    order_types: [1, 2, 3],
    categories: [
      { id: 11, name: 'Breakfast' },
      { id: 12, name: 'Drinks' },
    ],
    items: [
      {
        id: 101,
        category_id: 11,
        name: 'Roti Canai',
        names: { en: 'Roti Canai', id: 'Roti Canai', my: 'Roti Canai' },
        price: 250,
        in_stock: true,
        order_types: [1, 2, 3],
        option_groups: [
          {
            id: 'spice',
            name: 'Spice level',
            options: [
              { id: 'mild', name: 'Mild', available: true },
              { id: 'hot', name: 'Extra spicy', available: true },
            ],
          },
        ],
      },
      {
        id: 102,
        category_id: 12,
        name: 'Teh Tarik',
        names: { en: 'Teh Tarik', id: 'Teh Tarik', my: 'Teh Tarik' },
        price: 280,
        in_stock: false,
        order_types: [1, 3],
        option_groups: [],
      },
    ],
  };
}

const dish = (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  window.history.replaceState(null, '', '/menu');
});
afterEach(() => {
  setStaffToken(null);
});

describe('staff menu', () => {
  it('kitchen: every category and dish; marks Roti Canai sold out and an option unavailable, Teh Tarik back; no editing', async () => {
    setStaffToken('tok-kitchen');
    const server = stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/menu': () => ok(testMenu()),
      'POST /api/staff/menu/items/101/stock': () => ok({ item_id: 101, in_stock: false, options: [] }),
      'POST /api/staff/menu/items/102/stock': () => ok({ item_id: 102, in_stock: true, options: [] }),
    });
    render(<AppProviders i18n={await startI18n('en')} />);
    const user = userEvent.setup();
    const roti = await dish('Roti Canai');
    expect(screen.getByRole('heading', { name: 'Breakfast' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Drinks' })).toBeTruthy();
    expect(within(roti).getByText('RM 2.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    const teh = await dish('Teh Tarik');
    expect(within(teh).getByText('Sold out')).toBeTruthy();
    // Not offered for delivery: the row says what it is for.
    expect(within(teh).getByText('Dine-in · Pickup')).toBeTruthy();

    await user.click(within(roti).getByRole('button', { name: 'Mark sold out' }));
    expect(await within(roti).findByRole('button', { name: 'Back in stock' })).toBeTruthy();
    expect(within(roti).getByText('Sold out')).toBeTruthy();
    expect(await screen.findByText('Roti Canai is sold out')).toBeTruthy();

    await user.click(within(roti).getByText('Options (2)'));
    await user.click(within(roti).getByRole('checkbox', { name: 'Spice level: Extra spicy' }));
    await user.click(within(teh).getByRole('button', { name: 'Back in stock' }));
    expect(await within(teh).findByRole('button', { name: 'Mark sold out' })).toBeTruthy();

    const stockCalls = server.calls.filter((call) => call.path.endsWith('/stock'));
    expect(stockCalls.map((call) => [call.path, call.body])).toEqual([
      ['/api/staff/menu/items/101/stock', { in_stock: false }],
      [
        '/api/staff/menu/items/101/stock',
        { options: [{ group_id: 'spice', option_id: 'hot', available: false }] },
      ],
      ['/api/staff/menu/items/102/stock', { in_stock: true }],
    ]);
  });

  it("a refused stock change goes back and says the server's words", async () => {
    setStaffToken('tok-kitchen');
    stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/menu': () => ok(testMenu()),
      'POST /api/staff/menu/items/101/stock': () => refused(404, 'Not found', 'errors.notFound'),
    });
    render(<AppProviders i18n={await startI18n('en')} />);
    const roti = await dish('Roti Canai');
    await userEvent.setup().click(within(roti).getByRole('button', { name: 'Mark sold out' }));
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(within(roti).getByRole('button', { name: 'Mark sold out' })).toBeTruthy();
    expect(within(roti).queryByText('Sold out')).toBeNull();
  });

  it("manager edits a dish: checks price, names and order types first; 'Menu items are being updated' shown in the form; then saved", async () => {
    setStaffToken('tok-manager');
    let attempts = 0;
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/menu': () => ok(testMenu()),
      'POST /api/staff/menu/items/101': (_request, body) =>
        ++attempts === 1
          ? refused(422, 'Menu items are being updated, please try again later', 'errors.menuBeingUpdated')
          : ok({
              ...testMenu().items[0],
              ...(body as object),
              name: 'Roti Canai Telur',
              names: (body as { names: unknown }).names,
            }),
    });
    render(<AppProviders i18n={await startI18n('en')} />);
    const user = userEvent.setup();
    const roti = await dish('Roti Canai');
    await user.click(within(roti).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Roti Canai' });
    const price = within(dialog).getByLabelText('Price (MYR)');
    expect((price as HTMLInputElement).value).toBe('2.50');
    await user.clear(price);
    await user.type(price, '0');
    await user.clear(within(dialog).getByLabelText('Name (Malay)'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dine-in' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Delivery' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pickup' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a price above 0, at most RM 1,000,000.00')).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one')).toBeTruthy();
    expect(server.calls.some((call) => call.path === '/api/staff/menu/items/101')).toBe(false);

    await user.clear(price);
    await user.type(price, '3.2');
    await user.type(within(dialog).getByLabelText('Name (Malay)'), '  Roti Canai Telur ');
    await user.clear(within(dialog).getByLabelText('Name (English)'));
    await user.type(within(dialog).getByLabelText('Name (English)'), 'Roti Canai Telur');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pickup' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dine-in' }));
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Drinks');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Menu items are being updated, please try again later',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roti Canai Telur saved')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const edited = await dish('Roti Canai Telur');
    expect(within(edited).getByText('RM 3.20')).toBeTruthy();
    expect(server.calls.filter((call) => call.path === '/api/staff/menu/items/101').at(-1)?.body).toEqual({
      price: 320,
      names: { en: 'Roti Canai Telur', id: 'Roti Canai', my: 'Roti Canai Telur' },
      category_id: 12,
      order_types: [1, 3],
    });
  });

  it('in Malay: the words of the screen', async () => {
    setStaffToken('tok-kitchen');
    stubServer({
      'GET /api/staff/me': () => ok(KITCHEN_ME),
      'GET /api/staff/menu': () => ok(testMenu()),
    });
    render(<AppProviders i18n={await startI18n('my')} />);
    const roti = await dish('Roti Canai');
    expect(within(roti).getByRole('button', { name: 'Tandakan habis' })).toBeTruthy();
    expect(within(await dish('Teh Tarik')).getByText('Habis dijual')).toBeTruthy();
  });
  it('manager imports a CSV: each wrong line listed in Malay, nothing saved; a good file -> the count and the menu read again', async () => {
    setStaffToken('tok-manager');
    let attempts = 0;
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/menu': () => ok(testMenu()),
      'POST /api/staff/menu/import': () =>
        new Response(
          JSON.stringify(
            ++attempts === 1
              ? {
                  status: 0,
                  statusCode: 400,
                  message: 'Sila semak butiran anda dan cuba lagi',
                  code: 'validation.invalidInput',
                  details: {
                    rows: [
                      { line: 3, error: 'nameMy' },
                      { line: 4, error: 'price' },
                    ],
                  },
                }
              : {
                  status: 1,
                  statusCode: 200,
                  message: 'ok',
                  data: { created: 2, updated: 1, categories_created: 1 },
                },
          ),
          { status: attempts === 1 ? 400 : 200, headers: { 'content-type': 'application/json' } },
        ),
    });
    render(<AppProviders i18n={await startI18n('my')} />);
    const user = userEvent.setup();
    await dish('Roti Canai');
    await user.click(screen.getByText('Import menu (CSV atau JSON)'));
    const csv = 'category,name_en,name_id,name_my,price\nSnacks,A,A,A,1\nSnacks,B,B,,1\nSnacks,C,C,C,0';
    await user.upload(screen.getByLabelText('Fail'), new File([csv], 'menu.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Semak dan import' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Baris 3: nama Melayu tiada atau melebihi 120 aksara')).toBeTruthy();
    expect(
      within(alert).getByText(
        'Baris 4: harga mesti melebihi 0 (ringgit hingga 2 perpuluhan, rupiah tanpa perpuluhan)',
      ),
    ).toBeTruthy();
    expect(server.calls.find((call) => call.path === '/api/staff/menu/import')?.body).toEqual({
      format: 'csv',
      content: csv,
    });

    await user.click(screen.getByRole('button', { name: 'Semak dan import' }));
    expect(await screen.findByText('2 hidangan ditambah, 1 dikemas kini')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls.filter((call) => call.path === '/api/staff/menu')).toHaveLength(2);
  });

  it('manager: a dish photo chosen -> uploaded as the file, shown; too large -> refused here, nothing sent; the restaurant photo too', async () => {
    setStaffToken('tok-manager');
    const photo = {
      width: 640,
      height: 640,
      avif: '/api/images/abcdef0123456789abcd-640.avif 640w',
      webp: '/api/images/abcdef0123456789abcd-640.webp 640w',
      src: '/api/images/abcdef0123456789abcd-640.webp',
      placeholder: 'data:image/webp;base64,UklGRg==',
    };
    const server = stubServer({
      'GET /api/staff/me': () => ok(MANAGER_ME),
      'GET /api/staff/menu': () => ok({ ...testMenu(), restaurant_photo: null }),
      'PUT /api/staff/menu/items/101/photo': () => ok({ photo }),
      'PUT /api/staff/restaurant/photo': () =>
        refused(
          415,
          'This file is not a photo. Please choose a JPEG, PNG, WebP or AVIF picture',
          'errors.imageNotAnImage',
        ),
    });
    render(<AppProviders i18n={await startI18n('en')} />);
    const user = userEvent.setup({ applyAccept: false });
    const roti = await dish('Roti Canai');
    await user.click(within(roti).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Roti Canai' });

    const tooBig = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(tooBig, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Choose a photo'), tooBig);
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'This photo is too large. Please choose one under 10 MB',
    );
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.upload(
      within(dialog).getByLabelText('Choose a photo'),
      new File(['jpeg bytes'], 'roti.jpg', { type: 'image/jpeg' }),
    );
    expect(await within(dialog).findByText('Photo saved')).toBeTruthy();
    const upload = server.calls.find((call) => call.path === '/api/staff/menu/items/101/photo');
    expect(upload?.body).toEqual({ type: 'image/jpeg', text: 'jpeg bytes' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(photo.src);
    expect(within(dialog).getByLabelText('Replace the photo')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.upload(
      screen.getByLabelText('Choose a photo'),
      new File(['%PDF'], 'menu.pdf', { type: 'image/png' }),
    );
    expect(
      await screen.findByText('This file is not a photo. Please choose a JPEG, PNG, WebP or AVIF picture'),
    ).toBeTruthy();
  });
});
