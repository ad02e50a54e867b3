import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, auth, orders as orderApi, payments, reservations as bookingApi } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import type { MessageKey } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { SupportedLanguage, TranslationKey } from '@santap/i18n';
import { menuItems, orderItems } from '../db/schema';
import { createServer } from '../server';
import { ENGINES, startTestServer, testConfig } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { birthDateOfAge, guest, haversineMetres, latestOtp, paidOrder } from '../../test/account-kit';
import {
  menuOf,
  placeDineInOrder,
  placeFoodCourtOrder,
  placeOnlineOrder,
  plainItem,
} from '../../test/journeys';
import type { Client } from '../../test/journeys';
import { login } from '../../test/promotions-kit';
import { refusal } from '../../test/refusal';
import { book, payOnPage } from '../../test/reservations-kit';
import { freshPhone } from '../../test/phones';
import { eventually } from '../../test/eventually';

/** The words of a catalogue message in a language, as the server must answer it. */
const words = (lang: SupportedLanguage, key: MessageKey, values?: Record<string, string | number>) =>
  createTranslator(lang)(key as TranslationKey, values);

/** Kopitiam Ali (1001), Jalan Tun Perak, Kuala Lumpur; delivers within 8 km. */
const KOPITIAM_ALI: [number, number] = [101.6869, 3.139];
/** Bukit Bintang, about 3 km from Kopitiam Ali. */
const BUKIT_BINTANG: [number, number] = [101.7123, 3.1466];
/** Putrajaya, about 24 km away. */
const PUTRAJAYA: [number, number] = [101.6964, 2.9264];

const PHONE_BLOCK = '+60165';

const address = (pin: [number, number], extra: Partial<account.AddressInput> = {}): account.AddressInput => ({
  apartment: 'Unit 12-3',
  street: 'Jalan Bukit Bintang',
  city: 'Kuala Lumpur',
  postcode: '55100',
  lng: pin[0],
  lat: pin[1],
  ...extra,
});

describe.each(ENGINES)('account on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  // A day later per case: the OTP hourly limits start afresh and it stays lunchtime in Kuala Lumpur.
  beforeEach(() => {
    server.clock.advance(24 * 60 * 60);
  });

  const db = () => server.db.database.db;

  describe('profile', () => {
    it('basic profile and /api/user/info of a new diner -> phone, nothing else set, registered', async () => {
      const { client, phone, userId } = await login(server);
      const basic = await client.call(account.basicProfile, {});
      expect(basic).toEqual({
        user_id: userId,
        status: 'ACTIVE',
        registered: true,
        name: null,
        phone,
        date_of_birth_set: false,
        is_corporate: false,
      });
      const { user } = await client.call(account.userInfo, {});
      expect(user).toMatchObject({
        user_id: userId,
        phone,
        name: null,
        email: null,
        date_of_birth: null,
        date_of_birth_set: false,
        gender: null,
        linked: { facebook: false, google: false },
        registered: true,
      });
      expect(user.created_epoch).toBe(Math.floor(server.clock.now().getTime() / 1000));
    });

    it('a guest -> may read its profile (registered false) but update_user_details is 403', async () => {
      const { client } = await guest(server);
      expect(await client.call(account.basicProfile, {})).toMatchObject({
        status: 'GUEST',
        registered: false,
      });
      const refused = await refusal(
        client.call(account.updateUserDetails, { body: { name: 'Guest Person' } }),
      );
      expect(refused).toMatchObject({ statusCode: 403, code: MESSAGE.forbidden });
    });

    it('no token -> invalid token (401) on every account call', async () => {
      const anonymous = server.client();
      for (const call of [
        () => anonymous.call(account.userInfo, {}),
        () => anonymous.call(account.addressesList, {}),
        () => anonymous.call(account.allergiesGet, {}),
        () => anonymous.call(account.userOrders, { query: {} }),
      ]) {
        expect(await refusal(call())).toMatchObject({ statusCode: 401, message: 'invalid token' });
      }
    });

    it('update_user_details name, email, gender -> saved; absent fields stay; empty email removes it', async () => {
      const { client } = await login(server);
      const first = await client.call(account.updateUserDetails, {
        body: { name: '  Siti Aminah ', email: ' Siti@Example.COM ', gender: 'female' },
      });
      expect(first.user).toMatchObject({ name: 'Siti Aminah', email: 'Siti@example.com', gender: 'female' });
      const second = await client.call(account.updateUserDetails, { body: { gender: 'male' } });
      expect(second.user).toMatchObject({ name: 'Siti Aminah', email: 'Siti@example.com', gender: 'male' });
      const third = await client.call(account.updateUserDetails, { body: { email: '' } });
      expect(third.user.email).toBeNull();
      expect((await client.call(account.userInfo, {})).user).toMatchObject({
        name: 'Siti Aminah',
        email: null,
      });
    });

    it.each([
      ['name', { name: 'Al' }, MESSAGE.nameTooShort],
      ['name', { name: '   ' }, MESSAGE.required],
      ['email', { email: 'siti.example.com' }, MESSAGE.emailMissingAt],
      ['email', { email: 'siti@example' }, MESSAGE.emailInvalidFormat],
      ['email', { email: 'siti@example.c' }, MESSAGE.emailEnterValid],
      ['date of birth', { date_of_birth: '2023-02-29' }, MESSAGE.dateOfBirthInvalid],
    ] as const)('update_user_details bad %s %j -> 400 with its message', async (_f, body, key) => {
      const { client } = await login(server);
      const refused = await refusal(client.call(account.updateUserDetails, { body }));
      expect(refused).toMatchObject({ statusCode: 400, code: key, message: words('en', key) });
    });

    it('update_user_details in Malay and Indonesian -> the message in that language', async () => {
      const { token } = await login(server);
      for (const language of ['my', 'id'] as const) {
        const client = server.client({ language, authToken: token });
        const refused = await refusal(client.call(account.updateUserDetails, { body: { name: 'Al' } }));
        expect(refused).toMatchObject({ statusCode: 400, message: words(language, MESSAGE.nameTooShort) });
        expect(refused.message).not.toBe(words('en', MESSAGE.nameTooShort));
      }
    });

    it('date of birth -> under 18 refused; 18 saved once; the same again fine; another refused', async () => {
      const { client } = await login(server);
      const underage = await refusal(
        client.call(account.updateUserDetails, { body: { date_of_birth: birthDateOfAge(server, 17) } }),
      );
      expect(underage).toMatchObject({ statusCode: 400, code: MESSAGE.underage });
      const adult = birthDateOfAge(server, 18);
      const saved = await client.call(account.updateUserDetails, { body: { date_of_birth: adult } });
      expect(saved.user).toMatchObject({ date_of_birth: adult, date_of_birth_set: true });
      const again = await client.call(account.updateUserDetails, {
        body: { date_of_birth: adult, name: 'Budi' },
      });
      expect(again.user).toMatchObject({ date_of_birth: adult, name: 'Budi' });
      const changed = await refusal(
        client.call(account.updateUserDetails, { body: { date_of_birth: birthDateOfAge(server, 30) } }),
      );
      expect(changed).toMatchObject({ statusCode: 400, code: MESSAGE.dateOfBirthLocked });
      expect((await client.call(account.basicProfile, {})).date_of_birth_set).toBe(true);
      expect((await client.call(account.userInfo, {})).user.date_of_birth).toBe(adult);
    });

    it('linked accounts -> link and unlink (auth adapters) show in /api/user/info', async () => {
      const { client } = await login(server);
      await client.call(auth.linkAccount, {
        params: { provider: 'google' },
        body: { token: `fake-google-acct-${engine}-1` },
      });
      expect((await client.call(account.userInfo, {})).user.linked).toEqual({
        facebook: false,
        google: true,
      });
      await client.call(auth.unlinkAccount, { params: { provider: 'google' } });
      expect((await client.call(account.userInfo, {})).user.linked).toEqual({
        facebook: false,
        google: false,
      });
    });
  });

  describe('phone change by OTP', () => {
    it('request-otp -> code to the new number; verify -> the profile and login use the new number', async () => {
      const { client, userId } = await login(server);
      const phone = freshPhone(PHONE_BLOCK);
      const sent = await client.call(account.phoneChangeRequest, { body: { phone: `0${phone.slice(3)}` } });
      expect(sent).toMatchObject({ phone, resend_after_seconds: 30, expires_in_seconds: 300 });
      const otp = await latestOtp(client, phone);
      const { user } = await client.call(account.phoneChangeVerify, { body: { phone, otp } });
      expect(user).toMatchObject({ user_id: userId, phone });
      // Logging in with the new number reaches the same diner (after the resend cooldown).
      server.clock.advance(31);
      const other = server.client();
      await other.call(auth.sendOtp, { body: { phone } });
      const session = await other.call(auth.verifyOtp, {
        body: { phone, otp: await latestOtp(other, phone) },
      });
      expect(session).toMatchObject({ is_new_user: false, user: { user_id: userId, phone } });
    });

    it('wrong code -> refused and the phone unchanged; invalid number -> 400 phoneInvalid', async () => {
      const { client, phone: before } = await login(server);
      const phone = freshPhone(PHONE_BLOCK);
      await client.call(account.phoneChangeRequest, { body: { phone } });
      const right = await latestOtp(client, phone);
      const wrong = right === '000000' ? '111111' : '000000';
      const refused = await refusal(client.call(account.phoneChangeVerify, { body: { phone, otp: wrong } }));
      expect(refused).toMatchObject({ statusCode: 422, code: MESSAGE.incorrectOtp });
      expect((await client.call(account.userInfo, {})).user.phone).toBe(before);
      const invalid = await refusal(client.call(account.phoneChangeRequest, { body: { phone: '12' } }));
      expect(invalid).toMatchObject({ statusCode: 400, code: MESSAGE.phoneInvalid });
    });

    it("another diner's number -> refused (request and verify); own number -> refused", async () => {
      const first = await login(server);
      const second = await login(server);
      const taken = await refusal(
        first.client.call(account.phoneChangeRequest, { body: { phone: second.phone } }),
      );
      expect(taken).toMatchObject({ statusCode: 400, code: MESSAGE.phoneInUse });
      const own = await refusal(
        first.client.call(account.phoneChangeRequest, { body: { phone: first.phone } }),
      );
      expect(own).toMatchObject({ statusCode: 400, code: MESSAGE.phoneSameAsCurrent });
      // A number free when the code was sent but taken before it was confirmed.
      const phone = freshPhone(PHONE_BLOCK);
      await first.client.call(account.phoneChangeRequest, { body: { phone } });
      const otp = await latestOtp(first.client, phone);
      server.clock.advance(31);
      const third = server.client();
      await third.call(auth.sendOtp, { body: { phone } });
      await third.call(auth.verifyOtp, { body: { phone, otp: await latestOtp(third, phone) } });
      const late = await refusal(first.client.call(account.phoneChangeVerify, { body: { phone, otp } }));
      expect(late).toMatchObject({ statusCode: 400, code: MESSAGE.phoneInUse });
    });

    it('a guest -> 403 on request-otp', async () => {
      const { client } = await guest(server);
      const refused = await refusal(
        client.call(account.phoneChangeRequest, { body: { phone: freshPhone(PHONE_BLOCK) } }),
      );
      expect(refused).toMatchObject({ statusCode: 403 });
    });
  });

  describe('addresses', () => {
    it('create -> the first is the default; list -> default first, then newest', async () => {
      const { client } = await login(server);
      const first = await client.call(account.addressCreate, {
        body: address(BUKIT_BINTANG, { label: 'work', landmark: 'Near the monorail' }),
      });
      expect(first.address).toMatchObject({
        label: 'work',
        apartment: 'Unit 12-3',
        street: 'Jalan Bukit Bintang',
        landmark: 'Near the monorail',
        city: 'Kuala Lumpur',
        postcode: '55100',
        lng: BUKIT_BINTANG[0],
        lat: BUKIT_BINTANG[1],
        is_default: true,
      });
      server.clock.advance(60);
      const second = await client.call(account.addressCreate, { body: address(PUTRAJAYA, { street: ' ' }) });
      expect(second.address).toMatchObject({ label: 'home', street: null, is_default: false });
      const { addresses } = await client.call(account.addressesList, {});
      expect(addresses.map((a) => [a.address_id, a.is_default])).toEqual([
        [first.address.address_id, true],
        [second.address.address_id, false],
      ]);
    });

    it("list -> with the server's map tiles for pinning a new address (null when none are configured)", async () => {
      const { client, token } = await login(server);
      expect((await client.call(account.addressesList, {})).map_tiles).toBeNull();
      const tiles = {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        attributionUrl: 'https://www.openstreetmap.org/copyright',
        maxZoom: 19,
      };
      const withTiles = await createServer(testConfig(server.clock, { mapTiles: tiles }), {
        database: server.db.database,
      });
      try {
        const reply = await withTiles.inject({
          method: 'GET',
          url: '/api/user/addresses',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(reply.statusCode).toBe(200);
        expect(reply.json()).toMatchObject({ data: { addresses: [], map_tiles: tiles } });
      } finally {
        await withTiles.close();
      }
    });

    it('exactly one default: create with is_default, set default, delete the default -> newest remaining', async () => {
      const { client } = await login(server);
      const a = (await client.call(account.addressCreate, { body: address(BUKIT_BINTANG) })).address;
      server.clock.advance(60);
      const b = (await client.call(account.addressCreate, { body: address(PUTRAJAYA, { is_default: true }) }))
        .address;
      server.clock.advance(60);
      const c = (await client.call(account.addressCreate, { body: address(KOPITIAM_ALI) })).address;
      const defaults = async () =>
        (await client.call(account.addressesList, {})).addresses
          .filter((x) => x.is_default)
          .map((x) => x.address_id);
      expect(await defaults()).toEqual([b.address_id]);
      const set = await client.call(account.addressSetDefault, { params: { addressId: a.address_id } });
      expect(set.addresses.filter((x) => x.is_default).map((x) => x.address_id)).toEqual([a.address_id]);
      const deleted = await client.call(account.addressDelete, { params: { addressId: a.address_id } });
      expect(deleted).toEqual({ address_id: a.address_id, default_address_id: c.address_id });
      expect(await defaults()).toEqual([c.address_id]);
      const list = (await client.call(account.addressesList, {})).addresses.map((x) => x.address_id);
      expect(list).toEqual([c.address_id, b.address_id]);
      // Deleting one that is not the default keeps the default.
      expect(await client.call(account.addressDelete, { params: { addressId: b.address_id } })).toEqual({
        address_id: b.address_id,
        default_address_id: c.address_id,
      });
      // The deleted one is gone for every call.
      const gone = await refusal(
        client.call(account.addressSetDefault, { params: { addressId: b.address_id } }),
      );
      expect(gone).toMatchObject({
        statusCode: 404,
        code: MESSAGE.addressNotFound,
        message: 'Address Not Found',
      });
    });

    it('concurrent set default -> still exactly one default', async () => {
      const { client } = await login(server);
      const ids: number[] = [];
      for (const pin of [BUKIT_BINTANG, PUTRAJAYA, KOPITIAM_ALI]) {
        ids.push((await client.call(account.addressCreate, { body: address(pin) })).address.address_id);
      }
      await Promise.all(
        ids.map((addressId) => client.call(account.addressSetDefault, { params: { addressId } })),
      );
      const { addresses } = await client.call(account.addressesList, {});
      expect(addresses.filter((x) => x.is_default)).toHaveLength(1);
    });

    it('update -> changed fields only; empty landmark removes it; is_default makes it the default', async () => {
      const { client } = await login(server);
      const a = (
        await client.call(account.addressCreate, { body: address(BUKIT_BINTANG, { landmark: 'Lot 10' }) })
      ).address;
      const b = (await client.call(account.addressCreate, { body: address(PUTRAJAYA) })).address;
      const updated = await client.call(account.addressUpdate, {
        params: { addressId: b.address_id },
        body: { apartment: 'No. 8', landmark: '', is_default: true },
      });
      expect(updated.address).toMatchObject({
        address_id: b.address_id,
        apartment: 'No. 8',
        landmark: null,
        city: 'Kuala Lumpur',
        is_default: true,
      });
      const list = (await client.call(account.addressesList, {})).addresses;
      expect(list.find((x) => x.address_id === a.address_id)).toMatchObject({
        is_default: false,
        landmark: 'Lot 10',
      });
    });

    it('bad address -> 400: apartment or city blank Required, postcode not 5 digits, pin out of range', async () => {
      const { client, token } = await login(server);
      const blank = await refusal(
        client.call(account.addressCreate, { body: address(BUKIT_BINTANG, { apartment: ' ' }) }),
      );
      expect(blank).toMatchObject({ statusCode: 400, code: MESSAGE.required, message: 'Required' });
      const city = await refusal(
        client.call(account.addressCreate, { body: address(BUKIT_BINTANG, { city: '' }) }),
      );
      expect(city).toMatchObject({ statusCode: 400, code: MESSAGE.required });
      const postcode = await refusal(
        server
          .client({ language: 'id', authToken: token })
          .call(account.addressCreate, { body: address(BUKIT_BINTANG, { postcode: '5510' }) }),
      );
      expect(postcode).toMatchObject({
        statusCode: 400,
        code: MESSAGE.postcodeInvalid,
        message: words('id', MESSAGE.postcodeInvalid),
      });
      const pin = await refusal(client.call(account.addressCreate, { body: address([200, 3.1]) }));
      expect(pin).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
      expect((await client.call(account.addressesList, {})).addresses).toEqual([]);
    });

    it('a guest -> empty list, creating refused 403', async () => {
      const { client } = await guest(server);
      expect(await client.call(account.addressesList, {})).toEqual({ addresses: [], map_tiles: null });
      expect(
        await refusal(client.call(account.addressCreate, { body: address(BUKIT_BINTANG) })),
      ).toMatchObject({
        statusCode: 403,
      });
    });

    it('distance to kopitiam-ali (1001) -> metres as haversine, radius 8000, deliverable within, too far beyond', async () => {
      const { client } = await login(server);
      const near = (await client.call(account.addressCreate, { body: address(BUKIT_BINTANG) })).address;
      const far = (await client.call(account.addressCreate, { body: address(PUTRAJAYA) })).address;
      const nearReply = await client.call(account.addressDistance, {
        query: { restaurant_id: 1001, address_id: near.address_id },
      });
      expect(nearReply).toEqual({
        restaurant_id: 1001,
        address_id: near.address_id,
        distance_m: Math.round(haversineMetres(BUKIT_BINTANG, KOPITIAM_ALI)),
        delivery_radius_m: 8000,
        deliverable: true,
        reason_key: null,
        reason: null,
      });
      expect(nearReply.distance_m).toBeGreaterThan(2500);
      expect(nearReply.distance_m).toBeLessThan(3500);
      const farReply = await client.call(account.addressDistance, {
        query: { restaurant_id: 'kopitiam-ali', address_id: far.address_id },
      });
      expect(farReply).toMatchObject({
        address_id: far.address_id,
        deliverable: false,
        reason_key: MESSAGE.addressTooFar,
        reason: words('en', MESSAGE.addressTooFar),
      });
      expect(farReply.distance_m).toBeGreaterThan(20_000);
      // No address: the default one (the first saved); a pin: measured as given.
      expect(
        (await client.call(account.addressDistance, { query: { restaurant_id: 1001 } })).address_id,
      ).toBe(near.address_id);
      const pin = await client.call(account.addressDistance, {
        query: { restaurant_id: 1001, lng: KOPITIAM_ALI[0], lat: KOPITIAM_ALI[1] },
      });
      expect(pin).toMatchObject({ address_id: null, distance_m: 0, deliverable: true });
    });

    it("distance -> a food-court outlet that does not deliver: Delivery Not Supported; another diner's address: Address Not Found", async () => {
      const owner = await login(server);
      const stranger = await login(server);
      const mine = (await owner.client.call(account.addressCreate, { body: address(BUKIT_BINTANG) })).address;
      const outlet = await owner.client.call(account.addressDistance, {
        query: { restaurant_id: 1012, address_id: mine.address_id },
      });
      expect(outlet).toMatchObject({
        delivery_radius_m: 0,
        deliverable: false,
        reason_key: MESSAGE.deliveryNotSupported,
      });
      const foreign = await refusal(
        stranger.client.call(account.addressDistance, {
          query: { restaurant_id: 1001, address_id: mine.address_id },
        }),
      );
      expect(foreign).toMatchObject({
        statusCode: 404,
        code: MESSAGE.addressNotFound,
        message: 'Address Not Found',
      });
      const unknown = await refusal(
        owner.client.call(account.addressDistance, { query: { restaurant_id: 1001, address_id: 999_999 } }),
      );
      expect(unknown).toMatchObject({ statusCode: 404, code: MESSAGE.addressNotFound });
      const none = await refusal(
        stranger.client.call(account.addressDistance, { query: { restaurant_id: 1001 } }),
      );
      expect(none).toMatchObject({ statusCode: 400, code: MESSAGE.addressRequired });
      const halfPin = await refusal(
        owner.client.call(account.addressDistance, { query: { restaurant_id: 1001, lng: 101.7 } }),
      );
      expect(halfPin).toMatchObject({ statusCode: 400 });
      const noRestaurant = await refusal(
        owner.client.call(account.addressDistance, { query: { restaurant_id: 'no-such-place' } }),
      );
      expect(noRestaurant).toMatchObject({ statusCode: 404 });
    });
  });

  describe('allergies', () => {
    it('get filter -> five categories unselected; add, update, delete -> reflected in the filter', async () => {
      const { client } = await login(server);
      const empty = await client.call(account.allergiesGet, {});
      expect(empty).toEqual({
        filter: ['gluten', 'fish', 'nuts', 'seafood', 'shellfish'].map((category) => ({
          category,
          selected: false,
          severity: null,
        })),
        allergies: [],
      });
      const nuts = (await client.call(account.allergyAdd, { body: { category: 'nuts', note: ' peanuts ' } }))
        .allergy;
      expect(nuts).toMatchObject({ category: 'nuts', severity: 'avoid', note: 'peanuts' });
      await client.call(account.allergyAdd, { body: { category: 'gluten', severity: 'severe' } });
      const updated = await client.call(account.allergyUpdate, {
        params: { allergyId: nuts.allergy_id },
        body: { severity: 'severe', note: null },
      });
      expect(updated.allergy).toMatchObject({ allergy_id: nuts.allergy_id, severity: 'severe', note: null });
      const filter = await client.call(account.allergiesGet, {});
      expect(filter.filter.filter((f) => f.selected).map((f) => [f.category, f.severity])).toEqual([
        ['gluten', 'severe'],
        ['nuts', 'severe'],
      ]);
      expect(filter.allergies.map((a) => a.category)).toEqual(['gluten', 'nuts']);
      expect(await client.call(account.allergyDelete, { params: { allergyId: nuts.allergy_id } })).toEqual({
        allergy_id: nuts.allergy_id,
      });
      expect((await client.call(account.allergiesGet, {})).allergies.map((a) => a.category)).toEqual([
        'gluten',
      ]);
    });

    it('adding a category again -> the same row, its severity and note replaced', async () => {
      const { client } = await login(server);
      const first = (await client.call(account.allergyAdd, { body: { category: 'fish' } })).allergy;
      const again = (
        await client.call(account.allergyAdd, {
          body: { category: 'fish', severity: 'severe', note: 'anchovy' },
        })
      ).allergy;
      expect(again).toMatchObject({ allergy_id: first.allergy_id, severity: 'severe', note: 'anchovy' });
      expect((await client.call(account.allergiesGet, {})).allergies).toHaveLength(1);
    });

    it('an unknown category -> 400; a guest -> reads an empty filter, adding refused 403', async () => {
      const { client } = await login(server);
      const unknown = await refusal(
        client.call(account.allergyAdd, { body: { category: 'peanut' as unknown as 'nuts' } }),
      );
      expect(unknown).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
      const visitor = await guest(server);
      expect((await visitor.client.call(account.allergiesGet, {})).allergies).toEqual([]);
      expect(
        await refusal(visitor.client.call(account.allergyAdd, { body: { category: 'nuts' } })),
      ).toMatchObject({
        statusCode: 403,
      });
    });
  });

  describe('ownership between two diners', () => {
    it("another diner's address, allergy, order and payments -> 404 or absent, never changed", async () => {
      const owner = await login(server);
      const stranger = await login(server);
      const home = (await owner.client.call(account.addressCreate, { body: address(BUKIT_BINTANG) })).address;
      const allergy = (await owner.client.call(account.allergyAdd, { body: { category: 'seafood' } }))
        .allergy;
      const order = await paidOrder(server, owner.client);

      const attempts = [
        () =>
          stranger.client.call(account.addressUpdate, {
            params: { addressId: home.address_id },
            body: { city: 'Ipoh' },
          }),
        () => stranger.client.call(account.addressDelete, { params: { addressId: home.address_id } }),
        () => stranger.client.call(account.addressSetDefault, { params: { addressId: home.address_id } }),
      ];
      for (const attempt of attempts) {
        expect(await refusal(attempt())).toMatchObject({ statusCode: 404, code: MESSAGE.addressNotFound });
      }
      for (const attempt of [
        () =>
          stranger.client.call(account.allergyUpdate, {
            params: { allergyId: allergy.allergy_id },
            body: { severity: 'severe' },
          }),
        () => stranger.client.call(account.allergyDelete, { params: { allergyId: allergy.allergy_id } }),
        () => stranger.client.call(account.userOrderDetails, { params: { orderId: order.orderId } }),
      ]) {
        expect(await refusal(attempt())).toMatchObject({ statusCode: 404, code: MESSAGE.notFound });
      }
      expect(await stranger.client.call(account.userOrders, { query: {} })).toMatchObject({
        orders: [],
        total: 0,
      });
      expect(await stranger.client.call(account.paymentHistory, { query: {} })).toMatchObject({
        payments: [],
        total: 0,
      });
      expect((await stranger.client.call(account.addressesList, {})).addresses).toEqual([]);
      expect((await stranger.client.call(account.allergiesGet, {})).allergies).toEqual([]);
      // The owner's data is untouched.
      expect((await owner.client.call(account.addressesList, {})).addresses).toEqual([home]);
      expect((await owner.client.call(account.allergiesGet, {})).allergies).toEqual([allergy]);
      expect(
        (await owner.client.call(account.userOrderDetails, { params: { orderId: order.orderId } })).order
          .order_id,
      ).toBe(order.orderId);
    });

    it("two logged-in diners -> B's token reads and changes only B's profile; A's is never returned to or changed by B", async () => {
      const a = await login(server);
      const b = await login(server);
      const adult = birthDateOfAge(server, 30);
      await a.client.call(account.updateUserDetails, {
        body: { name: 'Aisyah Rahman', email: 'aisyah@example.com', gender: 'female', date_of_birth: adult },
      });
      await a.client.call(auth.linkAccount, {
        params: { provider: 'facebook' },
        body: { token: `fake-facebook-acct-${engine}-owner` },
      });
      const aBefore = (await a.client.call(account.userInfo, {})).user;
      expect(aBefore).toMatchObject({ user_id: a.userId, name: 'Aisyah Rahman', date_of_birth_set: true });

      // B reads: its own phone and id, nothing of A's.
      const bBasic = await b.client.call(account.basicProfile, {});
      expect(bBasic).toMatchObject({
        user_id: b.userId,
        phone: b.phone,
        name: null,
        date_of_birth_set: false,
      });
      const bInfo = (await b.client.call(account.userInfo, {})).user;
      expect(bInfo).toMatchObject({
        user_id: b.userId,
        phone: b.phone,
        name: null,
        email: null,
        gender: null,
        date_of_birth: null,
        linked: { facebook: false, google: false },
      });
      const seenByB = JSON.stringify([bBasic, bInfo]);
      for (const secret of [a.phone, 'Aisyah', 'aisyah@example.com', adult]) {
        expect(seenByB).not.toContain(secret);
      }

      // B changes: its own profile, even when its body names A's user id (not a field; ignored).
      const raw = await fetch(`${server.baseUrl}${account.updateUserDetails.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
        body: JSON.stringify({
          user_id: a.userId,
          name: 'Bambang Wijaya',
          gender: 'male',
          email: 'b@example.com',
        }),
      });
      expect(await raw.json()).toMatchObject({
        status: 1,
        data: { user: { user_id: b.userId, name: 'Bambang Wijaya', email: 'b@example.com' } },
      });
      const bDob = birthDateOfAge(server, 20);
      const bUpdated = await b.client.call(account.updateUserDetails, { body: { date_of_birth: bDob } });
      expect(bUpdated.user).toMatchObject({ user_id: b.userId, phone: b.phone, date_of_birth: bDob });
      expect((await b.client.call(account.basicProfile, {})).name).toBe('Bambang Wijaya');

      // A's profile is exactly as A left it.
      expect((await a.client.call(account.userInfo, {})).user).toEqual(aBefore);
      expect(await a.client.call(account.basicProfile, {})).toMatchObject({
        user_id: a.userId,
        phone: a.phone,
        name: 'Aisyah Rahman',
        date_of_birth_set: true,
      });
    });

    it('a browser that placed an order without logging in -> the order is not in a user history (user token only)', async () => {
      const anonymousBrowser = server.client();
      const placed = await placeDineInOrder(anonymousBrowser);
      const { client } = await login(server);
      expect(
        (await client.call(account.userOrders, { query: {} })).orders.map((o) => o.order_id),
      ).not.toContain(placed.order_id);
      expect(
        await refusal(client.call(account.userOrderDetails, { params: { orderId: placed.order_id } })),
      ).toMatchObject({
        statusCode: 404,
      });
    });
  });

  describe('order and payment history', () => {
    it('user orders -> restaurant and food-court orders, newest first, paged; details with payments', async () => {
      const { client } = await login(server);
      const dineIn = await placeDineInOrder(client);
      server.clock.advance(60);
      const fc = await placeFoodCourtOrder(client);
      expect(fc.order_ids).toHaveLength(2);
      const all = await client.call(account.userOrders, { query: {} });
      expect(all.total).toBe(3);
      expect(all.orders.map((o) => o.order_id)).toEqual(
        [...fc.order_ids].sort((a, b) => b - a).concat(dineIn.order_id),
      );
      expect(all.orders.filter((o) => o.fc_order_id === fc.fc_order_id)).toHaveLength(2);
      const page2 = await client.call(account.userOrders, { query: { page_no: 2, limit: 2 } });
      expect(page2).toMatchObject({ page_no: 2, total_pages: 2, total: 3 });
      expect(page2.orders.map((o) => o.order_id)).toEqual([dineIn.order_id]);
      const details = await client.call(account.userOrderDetails, { params: { orderId: dineIn.order_id } });
      expect(details.order).toMatchObject({ order_id: dineIn.order_id, nameid: 'kopitiam-ali' });
      expect(details.payments).toEqual([]);
    });

    it('payment history -> the payment of a paid and cancelled order with method, amount, state and its refund', async () => {
      const { client } = await login(server);
      const paid = await paidOrder(server, client);
      await client.call(orderApi.orderCancel, { body: { order_id: paid.orderId } });
      await eventually(async () => {
        const history = await client.call(account.paymentHistory, { query: {} });
        expect(history.total).toBe(1);
        expect(history.payments[0]).toMatchObject({
          payment_id: paid.paymentId,
          order_id: paid.orderId,
          reservation_id: null,
          place_name: 'Kopitiam Ali',
          method: 'Wallet',
          amount: paid.amount,
          currency: 'MYR',
          state: 'success',
          refunded_amount: paid.amount,
          refunds: [{ amount: paid.amount, reason: 'order_cancelled', state: 'refunded' }],
        });
      });
      const details = await client.call(account.userOrderDetails, { params: { orderId: paid.orderId } });
      expect(details.payments.map((p) => p.payment_id)).toEqual([paid.paymentId]);
      expect(details.refunds).toMatchObject([{ amount: paid.amount, reason: 'order_cancelled' }]);
    });

    it("payment history of a paid booking deposit -> its reservation id and the RM 20 token; not in another diner's", async () => {
      const { client } = await login(server);
      // Kopitiam Ali takes an RM 20 token; three days on (Kuala Lumpur's date) is inside its window.
      const date = new Date(server.clock.now().getTime() + 3 * 24 * 3600 * 1000).toLocaleDateString('en-CA', {
        timeZone: 'Asia/Kuala_Lumpur',
      });
      const booking = await book(client, { date, slot: '19:00' });
      expect(booking.token_amount).toBe(2000);
      const started = await client.call(bookingApi.reservationPaymentId, {
        body: { reservation_id: booking.reservation_id, method: 'Wallet', channel: 'grab_pay_app' },
      });
      await payOnPage(server, started.redirect_url!, 'success');
      await eventually(async () => {
        const history = await client.call(account.paymentHistory, { query: {} });
        expect(history.total).toBe(1);
        expect(history.payments[0]).toMatchObject({
          payment_id: started.payment_id,
          reservation_id: booking.reservation_id,
          order_id: null,
          place_name: 'Kopitiam Ali',
          amount: 2000,
          currency: 'MYR',
          state: 'success',
        });
      });

      const other = await login(server);
      const theirs = await other.client.call(account.paymentHistory, { query: {} });
      expect(theirs.total).toBe(0);
      expect(theirs.payments).toEqual([]);
      // The other diner's own order payment shows, the booking's still does not.
      const paid = await paidOrder(server, other.client);
      await eventually(async () => {
        const after = await other.client.call(account.paymentHistory, { query: {} });
        expect(after.payments.map((p) => p.payment_id)).toEqual([paid.paymentId]);
        expect(after.payments.map((p) => p.reservation_id)).toEqual([null]);
      });
    });

    it('payment history of a food-court order -> one payment, named after the food court', async () => {
      const { client } = await login(server);
      const fc = await placeFoodCourtOrder(client);
      const started = await client.call(payments.paymentInitiateFoodCourt, {
        body: { fc_order_id: fc.fc_order_id!, method: 'Wallet', channel: 'grab_pay_app' },
      });
      const history = await client.call(account.paymentHistory, { query: {} });
      expect(history.payments).toMatchObject([
        { payment_id: started.payment_id, fc_order_id: fc.fc_order_id, place_name: 'Mall Demo Food Court' },
      ]);
    });

    it('payment history -> each payment with its rail as the codes it recorded (DuitNow QR; FPX online banking in ringgit), for the app to name', async () => {
      const { client } = await login(server);
      const dineIn = await placeOnlineOrder(client);
      const qr = await client.call(payments.paymentInitiate, {
        body: { order_id: dineIn.order_id, method: 'Wallet', channel: 'duitnow_qr' },
      });
      const fc = await placeFoodCourtOrder(client);
      const banking = await client.call(payments.paymentInitiateFoodCourt, {
        body: { fc_order_id: fc.fc_order_id!, method: 'Net Banking' },
      });
      const history = await client.call(account.paymentHistory, { query: {} });
      expect(history.payments).toMatchObject([
        { payment_id: banking.payment_id, method: 'Net Banking', channel: null, currency: 'MYR' },
        { payment_id: qr.payment_id, method: 'Wallet', channel: 'duitnow_qr', currency: 'MYR' },
      ]);
    });
  });

  describe('nutrition daily', () => {
    async function nutritionOf(client: Client, restaurant: string) {
      const item = plainItem((await menuOf(client, restaurant)).items);
      if (!item.nutrition) throw new Error('the demo dish has no nutrition');
      return { item, nutrition: item.nutrition };
    }

    it('orders on two days -> sums per local day (quantity × per-item), cancelled orders and declined items left out', async () => {
      const { client } = await login(server);
      const { nutrition } = await nutritionOf(client, 'kopitiam-ali');
      const day1 = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
        server.clock.now(),
      );
      // Day 1: one order of one portion, and one order cancelled.
      await placeDineInOrder(client);
      const cancelled = await placeDineInOrder(client);
      await client.call(orderApi.orderCancel, { body: { order_id: cancelled.order_id } });
      // Day 2: one order of one portion, and one whose item the restaurant declined.
      server.clock.advance(24 * 60 * 60);
      const day2 = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
        server.clock.now(),
      );
      await placeDineInOrder(client);
      const declined = await placeDineInOrder(client);
      await db()
        .update(orderItems)
        .set({ status: 'declined' })
        .where(eq(orderItems.orderId, declined.order_id));

      const day3 = new Date(Date.parse(`${day2}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const reply = await client.call(account.nutritionDaily, { query: { from: day1, to: day3 } });
      const portion = (n: number) => ({
        kcal: Math.round(nutrition.kcal * n * 10) / 10,
        protein: Math.round(nutrition.protein * n * 10) / 10,
        carbs: Math.round(nutrition.carbs * n * 10) / 10,
        fat: Math.round(nutrition.fat * n * 10) / 10,
      });
      expect(reply).toEqual({
        from: day1,
        to: day3,
        time_zone: null,
        days: [
          { date: day1, ...portion(1), items: 1, orders: 1 },
          { date: day2, ...portion(1), items: 1, orders: 1 },
          { date: day3, ...portion(0), items: 0, orders: 0 },
        ],
        total: portion(2),
        items_without_nutrition: 0,
      });
      // Another diner sees none of it.
      const stranger = await login(server);
      const theirs = await stranger.client.call(account.nutritionDaily, { query: { from: day1, to: day3 } });
      expect(theirs.total).toEqual(portion(0));
    });

    it('time_zone -> an order at 12:00 in Kuala Lumpur counts on the previous day in Los Angeles; a dish without nutrition counted apart', async () => {
      const { client } = await login(server);
      const { item, nutrition } = await nutritionOf(client, 'kopitiam-ali');
      const klDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
        server.clock.now(),
      );
      const laDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
        server.clock.now(),
      );
      expect(laDay < klDay).toBe(true);
      await placeDineInOrder(client);
      const la = await client.call(account.nutritionDaily, {
        query: { from: laDay, to: klDay, time_zone: 'America/Los_Angeles' },
      });
      expect(la.days.map((d) => [d.date, d.kcal])).toEqual([
        [laDay, nutrition.kcal],
        [klDay, 0],
      ]);
      // Nutrition is the menu's current data: once the dish has none, its portions (this order's and
      // the earlier one's) are counted apart and the sums drop to zero.
      const saved = item.nutrition;
      await db().update(menuItems).set({ nutrition: null }).where(eq(menuItems.id, item.id));
      try {
        await placeDineInOrder(client);
        const kl = await client.call(account.nutritionDaily, { query: { from: klDay, to: klDay } });
        expect(kl).toMatchObject({
          items_without_nutrition: 2,
          days: [{ date: klDay, kcal: 0, items: 0, orders: 0 }],
          total: { kcal: 0, protein: 0, carbs: 0, fat: 0 },
        });
      } finally {
        await db().update(menuItems).set({ nutrition: saved }).where(eq(menuItems.id, item.id));
      }
    });

    it('bad ranges -> 400 with the range message; an unknown zone -> 400', async () => {
      const { client } = await login(server);
      for (const query of [
        { from: '2026-11-10', to: '2026-11-01' },
        { from: '2026-01-01', to: '2026-12-31' },
        { from: '2026-02-30', to: '2026-03-01' },
      ]) {
        expect(await refusal(client.call(account.nutritionDaily, { query }))).toMatchObject({
          statusCode: 400,
          code: MESSAGE.dateRangeInvalid,
          message: words('en', MESSAGE.dateRangeInvalid, { days: account.NUTRITION_MAX_DAYS }),
        });
      }
      const zone = await refusal(
        client.call(account.nutritionDaily, {
          query: { from: '2026-11-01', to: '2026-11-02', time_zone: 'Mars/Olympus' },
        }),
      );
      expect(zone).toMatchObject({ statusCode: 400, code: MESSAGE.invalidInput });
      const format = await refusal(
        client.call(account.nutritionDaily, { query: { from: '1/11/2026', to: '2026-11-02' } }),
      );
      expect(format).toMatchObject({ statusCode: 400 });
    });
  });
});
