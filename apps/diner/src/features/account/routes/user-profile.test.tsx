import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { forgetLocation, locateAt } from '../../../lib/testing/geolocation';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import type { StubHandler } from '../../../lib/testing/render-route';
import { asLoggedInDiner } from '../testing/logged-in';
import { Component as UserProfile, loader } from './user-profile';

const env = vi.hoisted(() => ({
  env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY', VITE_GOOGLE_CLIENT_ID: '' },
}));
vi.mock('../../../config/env', () => env);

const routes = [
  { path: '/user', Component: UserProfile, loader },
  { path: '/login', element: <p>login page</p> },
];

const user = (overrides: Record<string, unknown> = {}) => ({
  user_id: 42,
  status: 'ACTIVE',
  phone: '+60123456789',
  name: 'Aisyah Rahman',
  email: 'aisyah@example.my',
  date_of_birth: '1990-04-02',
  gender: 'female',
  is_corporate: false,
  linked: { facebook: false, google: true },
  registered: true,
  date_of_birth_set: true,
  created_epoch: 1_760_000_000,
  ...overrides,
});

const address = (overrides: Record<string, unknown> = {}) => ({
  address_id: 7,
  label: 'home',
  apartment: 'A-12-3',
  street: 'Jalan Tun Razak',
  landmark: 'Opposite the mosque',
  city: 'Kuala Lumpur',
  postcode: '50400',
  lng: 101.71,
  lat: 3.16,
  is_default: true,
  created_epoch: 1_760_000_000,
  ...overrides,
});

const allergy = (overrides: Record<string, unknown> = {}) => ({
  allergy_id: 3,
  category: 'nuts',
  severity: 'avoid',
  note: null,
  created_epoch: 1_760_000_000,
  ...overrides,
});

function stubProfile(overrides: Record<string, StubHandler> = {}) {
  return stubApi({
    'account.userInfo': () => ({ user: user() }),
    'account.addresses': () => ({
      addresses: [
        address(),
        address({ address_id: 8, label: 'work', apartment: 'Level 8', is_default: false }),
      ],
    }),
    'account.allergies': () => ({ filter: [], allergies: [allergy()] }),
    'account.updateUserDetails': () => ({ user: user() }),
    ...overrides,
  });
}

const loads = (call: ReturnType<typeof stubApi>) => callsTo(call, 'account.userInfo').length;

asLoggedInDiner();

describe('/user profile data', () => {
  it('profile -> fields filled, date of birth read-only, phone, linked accounts, addresses and allergies', async () => {
    stubProfile();
    renderRoute(routes, '/user');
    expect(((await screen.findByRole('textbox', { name: 'Full name' })) as HTMLInputElement).value).toBe(
      'Aisyah Rahman',
    );
    expect((screen.getByRole('radio', { name: 'Female' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('2 April 1990')).toBeTruthy();
    expect(screen.getByText('Date of birth can only be saved once and cannot be changed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add date of birth' })).toBeNull();
    expect(screen.getByText('+60123456789')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlink Google account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Link Facebook account' })).toBeTruthy();
    expect(screen.getByText('A-12-3, Jalan Tun Razak')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit allergy: Nuts' })).toBeTruthy();
  });

  it("name 'Al' and email 'aisyah' -> both spec messages, nothing sent", async () => {
    const call = stubProfile();
    const view = renderRoute(routes, '/user');
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    await view.user.clear(name);
    await view.user.type(name, 'Al');
    const email = screen.getByRole('textbox', { name: 'Email (Optional)' });
    await view.user.clear(email);
    await view.user.type(email, 'aisyah');
    await view.user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText("Please include an '@' in the email address")).toBeTruthy();
    expect(callsTo(call, 'account.updateUserDetails')).toHaveLength(0);
  });

  it('valid change -> update_user_details with name, email, gender, then the page reads again', async () => {
    const call = stubProfile();
    const view = renderRoute(routes, '/user');
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    await view.user.clear(name);
    await view.user.type(name, 'Aisyah binti Rahman');
    await view.user.click(screen.getByRole('radio', { name: 'Male' }));
    await view.user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved')).toBeTruthy();
    expect(callsTo(call, 'account.updateUserDetails')[0]![0].body).toEqual({
      name: 'Aisyah binti Rahman',
      email: 'aisyah@example.my',
      gender: 'male',
    });
    await waitFor(() => expect(loads(call)).toBe(2));
  });

  it('WhatsApp updates: off by default; ticking it sends whatsapp_updates true at once, then the page reads again', async () => {
    const call = stubProfile({
      'account.updateUserDetails': () => ({ user: user({ whatsapp_updates: true }) }),
    });
    const view = renderRoute(routes, '/user');
    const box = (await screen.findByRole('checkbox', {
      name: 'Send me order and booking updates on WhatsApp',
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await view.user.click(box);
    expect(await screen.findByText('WhatsApp updates are on')).toBeTruthy();
    expect(callsTo(call, 'account.updateUserDetails')[0]![0].body).toEqual({ whatsapp_updates: true });
    await waitFor(() => expect(loads(call)).toBe(2));
  });

  it('server refuses the email -> its message under the email field', async () => {
    stubProfile({
      'account.updateUserDetails': () => {
        throw new ServerMessage('Please Enter a valid Email ID', 'validation.emailEnterValid', 400);
      },
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Save details' }));
    const email = screen.getByRole('textbox', { name: 'Email (Optional)' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please Enter a valid Email ID')).toBeTruthy();
  });

  it('no date of birth -> entered, confirmed in the popup, saved once', async () => {
    const call = stubProfile({
      'account.userInfo': () => ({ user: user({ date_of_birth: null, date_of_birth_set: false }) }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add date of birth' }));
    const popup = await screen.findByRole('dialog', { name: 'Your date of birth' });
    await view.user.type(within(popup).getByLabelText('Date of birth'), '1995-06-15');
    await view.user.click(within(popup).getByRole('button', { name: 'Continue' }));
    await view.user.click(await screen.findByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Date of birth saved')).toBeTruthy();
    expect(callsTo(call, 'account.updateUserDetails')[0]![0].body).toEqual({ date_of_birth: '1995-06-15' });
  });

  it('under 18 -> the popup refuses and nothing is saved', async () => {
    const call = stubProfile({
      'account.userInfo': () => ({ user: user({ date_of_birth: null, date_of_birth_set: false }) }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add date of birth' }));
    const popup = await screen.findByRole('dialog', { name: 'Your date of birth' });
    const lastYear = new Date().getUTCFullYear() - 1;
    await view.user.type(within(popup).getByLabelText('Date of birth'), `${lastYear}-01-01`);
    await view.user.click(within(popup).getByRole('button', { name: 'Continue' }));
    expect(await within(popup).findByText('You must be at least 18 years old')).toBeTruthy();
    expect(callsTo(call, 'account.updateUserDetails')).toHaveLength(0);
  });

  it('phone change -> code sent to the new number, confirmed with the code, the page reads again', async () => {
    const call = stubProfile({
      'account.phoneChangeRequest': () => ({
        phone: '+60198765432',
        resend_after_seconds: 30,
        expires_in_seconds: 600,
      }),
      'account.phoneChangeVerify': () => ({ user: user({ phone: '+60198765432' }) }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Change number' }));
    const popup = await screen.findByRole('dialog', { name: 'Change mobile number' });
    await view.user.type(within(popup).getByRole('textbox', { name: 'New mobile number' }), '019-876 5432');
    await view.user.click(within(popup).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code by SMS to +60198765432')).toBeTruthy();
    expect(screen.getByText('You can resend the code in 30 s')).toBeTruthy();
    expect(callsTo(call, 'account.phoneChangeRequest')[0]![0].body).toEqual({
      phone: '+60198765432',
      country: 'MY',
      channel: 'sms',
    });
    await view.user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
    await view.user.paste('482913');
    expect(await screen.findByText('Your mobile number is now +60198765432')).toBeTruthy();
    expect(callsTo(call, 'account.phoneChangeVerify')[0]![0].body).toEqual({
      phone: '+60198765432',
      country: 'MY',
      otp: '482913',
    });
    await waitFor(() => expect(loads(call)).toBe(2));
  });

  it('wrong code -> "You have entered an incorrect OTP!" in the popup', async () => {
    stubProfile({
      'account.phoneChangeRequest': () => ({
        phone: '+60198765432',
        resend_after_seconds: 0,
        expires_in_seconds: 600,
      }),
      'account.phoneChangeVerify': () => {
        throw new ServerMessage('You have entered an incorrect OTP!', 'errors.incorrectOtp', 400);
      },
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Change number' }));
    await view.user.type(screen.getByRole('textbox', { name: 'New mobile number' }), '198765432');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    await view.user.click(await screen.findByRole('textbox', { name: 'Digit 1 of 6' }));
    await view.user.paste('111111');
    const dialog = screen.getByRole('dialog', { name: 'Enter your code' });
    expect(await within(dialog).findByText('You have entered an incorrect OTP!')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('Link Facebook (development: the fake adapter token) and Unlink Google -> the auth calls', async () => {
    const call = stubProfile({
      'auth.link': () => ({ user: user() }),
      'auth.unlink': () => ({ user: user() }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Link Facebook account' }));
    expect(await screen.findByText('Facebook account is linked')).toBeTruthy();
    const [link] = callsTo(call, 'auth.link')[0]!;
    expect(link.params).toEqual({ provider: 'facebook' });
    expect(String(link.body?.token)).toMatch(/^fake-facebook-dev[0-9a-f]{12}$/);
    await view.user.click(screen.getByRole('button', { name: 'Unlink Google account' }));
    expect(await screen.findByText('Google account is no longer linked')).toBeTruthy();
    expect(callsTo(call, 'auth.unlink')[0]![0].params).toEqual({ provider: 'google' });
  });

  it("Link Google (client id set) -> the popup's ID token sent with the nonce of that popup's URL", async () => {
    env.env.VITE_GOOGLE_CLIENT_ID = 'client-1';
    const open = vi.fn((_url: string) => ({ closed: false }));
    vi.stubGlobal('open', open);
    try {
      const call = stubProfile({
        'account.userInfo': () => ({ user: user({ linked: { facebook: false, google: false } }) }),
        'auth.link': () => ({ user: user() }),
      });
      const view = renderRoute(routes, '/user');
      await view.user.click(await screen.findByRole('button', { name: 'Link Google account' }));
      const opened = new URL(open.mock.calls[0]![0]);
      const nonce = opened.searchParams.get('nonce');
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            type: 'santap:provider-login',
            state: opened.searchParams.get('state'),
            token: 'id-token-1',
          },
        }),
      );
      expect(await screen.findByText('Google account is linked')).toBeTruthy();
      const [link] = callsTo(call, 'auth.link')[0]!;
      expect(link.params).toEqual({ provider: 'google' });
      expect(link.body).toEqual({ token: 'id-token-1', nonce });
    } finally {
      env.env.VITE_GOOGLE_CLIENT_ID = '';
      vi.unstubAllGlobals();
    }
  });
});

describe('/user#addresses', () => {
  afterEach(forgetLocation);

  it('set the other address as default -> that call, then the list reads again', async () => {
    const call = stubProfile({ 'account.addressSetDefault': () => ({ addresses: [] }) });
    const view = renderRoute(routes, '/user#addresses');
    await view.user.click(
      await screen.findByRole('button', { name: 'Set as default: Work, Level 8, Jalan Tun Razak' }),
    );
    await waitFor(() => expect(loads(call)).toBe(2));
    expect(callsTo(call, 'account.addressSetDefault')[0]![0].params).toEqual({ addressId: 8 });
  });

  it('delete -> asked first; confirmed -> deleted', async () => {
    const call = stubProfile({
      'account.addressDelete': () => ({ address_id: 7, default_address_id: 8 }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(
      await screen.findByRole('button', { name: 'Delete: Home, A-12-3, Jalan Tun Razak' }),
    );
    const ask = await screen.findByRole('alertdialog', { name: 'Delete this address?' });
    expect(callsTo(call, 'account.addressDelete')).toHaveLength(0);
    await view.user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(call, 'account.addressDelete')).toHaveLength(1));
    expect(callsTo(call, 'account.addressDelete')[0]![0].params).toEqual({ addressId: 7 });
  });

  it('add: typed by hand, pin placed on the map -> saved with apartment, landmark, city and the pin', async () => {
    const call = stubProfile({ 'account.addressCreate': () => ({ address: address({ address_id: 9 }) }) });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Apartment or house number' }), 'No. 5');
    await view.user.type(screen.getByRole('textbox', { name: /^Landmark/ }), 'Near the surau');
    await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'Shah Alam');
    await view.user.click(screen.getByRole('button', { name: 'Save address' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    await view.user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    expect(await screen.findByText('Address saved')).toBeTruthy();
    // The map starts at the default address when there is one.
    expect(callsTo(call, 'account.addressCreate')[0]![0].body).toEqual({
      apartment: 'No. 5',
      landmark: 'Near the surau',
      city: 'Shah Alam',
      lng: 101.71,
      lat: 3.16,
    });
  });

  it("add: the list's map tiles -> the map asks for the tile under the default address at zoom 17, shows their attribution; one step east -> saved east of it", async () => {
    const tiles = {
      url: 'https://tiles.santap.test/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      maxZoom: 19,
    };
    const call = stubProfile({
      'account.addresses': () => ({ addresses: [address()], map_tiles: tiles }),
      'account.addressCreate': () => ({ address: address({ address_id: 9 }) }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Apartment or house number' }), 'No. 5');
    await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'Shah Alam');
    await view.user.click(screen.getByRole('button', { name: 'Save address' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    // The tile of (3.16, 101.71) at zoom 17, by OpenStreetMap's formula.
    const n = 2 ** 17;
    const rad = (3.16 * Math.PI) / 180;
    const x = Math.floor(((101.71 + 180) / 360) * n);
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
    await waitFor(() =>
      expect([...map.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toContain(
        `https://tiles.santap.test/17/${x}/${y}.png`,
      ),
    );
    expect(within(map).getByRole('link', { name: '© OpenStreetMap contributors' })).toBeTruthy();
    await view.user.click(within(map).getByRole('button', { name: 'Move pin east' }));
    await view.user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    expect(await screen.findByText('Address saved')).toBeTruthy();
    const body = callsTo(call, 'account.addressCreate')[0]![0].body as { lng: number; lat: number };
    expect(body.lat).toBe(3.16);
    expect(body.lng).toBeGreaterThan(101.71);
  });

  it('add: Use my location -> the map at the located point, nothing saved; one step north, confirmed, typed -> saved with the moved pin', async () => {
    locateAt(101.5185, 3.0733);
    const call = stubProfile({ 'account.addressCreate': () => ({ address: address({ address_id: 9 }) }) });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Use my location' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    // At the located point, not the default address.
    expect(within(map).getByText('Latitude 3.07330, longitude 101.51850')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
    expect(callsTo(call, 'account.addressCreate')).toHaveLength(0);

    await view.user.click(within(map).getByRole('button', { name: 'Move pin north' }));
    await view.user.click(within(map).getByRole('button', { name: 'Confirm location' }));
    await view.user.type(await screen.findByRole('textbox', { name: 'Apartment or house number' }), 'No. 5');
    await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'Shah Alam');
    expect(callsTo(call, 'account.addressCreate')).toHaveLength(0);
    await view.user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved')).toBeTruthy();
    const body = callsTo(call, 'account.addressCreate')[0]![0].body as Record<string, unknown>;
    expect(body).toMatchObject({ apartment: 'No. 5', city: 'Shah Alam', lng: 101.5185 });
    expect(body.lat).toBeGreaterThan(3.0733);
  });

  it('add: Use my location, the map closed -> nothing saved; added again by hand -> the map at the default address, not the earlier location', async () => {
    locateAt(101.5185, 3.0733);
    const call = stubProfile({ 'account.addressCreate': () => ({ address: address({ address_id: 9 }) }) });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Use my location' }));
    const first = await screen.findByRole('dialog', { name: 'Place the pin' });
    await view.user.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place the pin' })).toBeNull());
    expect(callsTo(call, 'account.addressCreate')).toHaveLength(0);

    await view.user.click(screen.getByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Apartment or house number' }), 'No. 5');
    await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'Shah Alam');
    await view.user.click(screen.getByRole('button', { name: 'Save address' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    expect(within(map).getByText('Latitude 3.16000, longitude 101.71000')).toBeTruthy();
  });

  it('add: the location found after the diner closed the popup -> no map opens', async () => {
    const located = locateAt(101.5185, 3.0733, { held: true });
    stubProfile();
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Use my location' }));
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Use your location?' })).toBeNull());
    located.answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog', { name: 'Place the pin' })).toBeNull();
  });

  it('add: typed, then the map closed without a pin -> "Address Not Found", nothing saved', async () => {
    const call = stubProfile();
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Add address' }));
    await view.user.click(await screen.findByRole('button', { name: 'Enter address manually' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Apartment or house number' }), 'No. 5');
    await view.user.type(screen.getByRole('textbox', { name: 'City' }), 'Shah Alam');
    await view.user.click(screen.getByRole('button', { name: 'Save address' }));
    const map = await screen.findByRole('dialog', { name: 'Place the pin' });
    await view.user.click(within(map).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Address Not Found')).toBeTruthy();
    expect(callsTo(call, 'account.addressCreate')).toHaveLength(0);
  });

  it('addresses could not be read -> that section says so; the profile still works', async () => {
    stubProfile({
      'account.addresses': () => {
        throw new ServerMessage('Internal server error', 'errors.internalServerError', 500);
      },
    });
    renderRoute(routes, '/user');
    expect(await screen.findByText('This part could not be loaded')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeTruthy();
  });
});

describe('/user#allergies', () => {
  it('tick fish, untick nuts -> fish added, nuts removed', async () => {
    const call = stubProfile({
      'account.allergyAdd': () => ({ allergy: allergy({ allergy_id: 4, category: 'fish' }) }),
      'account.allergyDelete': () => ({ allergy_id: 3 }),
    });
    const view = renderRoute(routes, '/user#allergies');
    await view.user.click(await screen.findByRole('button', { name: 'Add or remove allergies' }));
    const popup = await screen.findByRole('dialog', { name: 'Your allergies' });
    await view.user.click(within(popup).getByRole('checkbox', { name: 'Fish' }));
    await view.user.click(within(popup).getByRole('checkbox', { name: 'Nuts' }));
    await view.user.click(within(popup).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your allergies are updated')).toBeTruthy();
    expect(callsTo(call, 'account.allergyAdd').map(([input]) => input.body)).toEqual([{ category: 'fish' }]);
    expect(callsTo(call, 'account.allergyDelete').map(([input]) => input.params)).toEqual([{ allergyId: 3 }]);
  });

  it('edit nuts -> severe with a note -> updated', async () => {
    const call = stubProfile({
      'account.allergyUpdate': () => ({ allergy: allergy({ severity: 'severe' }) }),
    });
    const view = renderRoute(routes, '/user');
    await view.user.click(await screen.findByRole('button', { name: 'Edit allergy: Nuts' }));
    const popup = await screen.findByRole('dialog', { name: 'Allergy: Nuts' });
    await view.user.click(within(popup).getByRole('radio', { name: /^Severe/ }));
    await view.user.type(within(popup).getByRole('textbox', { name: /Note for restaurants/ }), 'even traces');
    await view.user.click(within(popup).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(call, 'account.allergyUpdate')).toHaveLength(1));
    expect(callsTo(call, 'account.allergyUpdate')[0]![0]).toEqual({
      params: { allergyId: 3 },
      body: { severity: 'severe', note: 'even traces' },
    });
  });
});
