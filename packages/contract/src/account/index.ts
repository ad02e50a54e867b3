/**
 * The diner's account (spec §7 'Profile'): profile, phone change by OTP, addresses with a
 * distance lookup against a restaurant, allergies, order and payment history, and nutrition per day.
 * Every call needs a diner's auth token (`access: 'user'`); a guest token may read (empty lists, its own
 * orders), but changes need a registered (OTP-verified) diner: a guest gets 403. Another diner's address,
 * allergy or order id answers 404, exactly like an id that does not exist.
 *
 * Paths (the spec names the first two; the rest are REST-style under `/api/user`):
 *
 * | Call | Method and path |
 * | --- | --- |
 * | basic profile | `GET /api/user/basic-profile` |
 * | user info | `GET /api/user/info` |
 * | update user details | `POST /user_login/update_user_details.php` |
 * | phone change: send a code to the new number | `POST /api/user/phone/request-otp` |
 * | phone change: confirm with the code | `POST /api/user/phone/verify` |
 * | addresses | `GET /api/user/addresses`, `POST /api/user/addresses` |
 * | one address | `PUT /api/user/addresses/:addressId`, `DELETE /api/user/addresses/:addressId` |
 * | set default address | `POST /api/user/addresses/:addressId/default` |
 * | distance lookup | `GET /api/user/addresses/distance` |
 * | allergies (the filter) | `GET /api/user/allergies`, `POST /api/user/allergies` |
 * | one allergy | `PUT /api/user/allergies/:allergyId`, `DELETE /api/user/allergies/:allergyId` |
 * | user orders | `GET /api/user/orders`, `GET /api/user/orders/:orderId` |
 * | payment history | `GET /api/user/payments` |
 * | nutrition daily | `GET /api/user/nutrition/daily` |
 *
 * 'Earning and saving total' is `promotions.earningSavingTotal` (`GET /api/user/earning-saving-total`);
 * linking and unlinking Facebook / Google are `auth.linkAccount` and `auth.unlinkAccount`.
 *
 * Text fields are checked by the server with the `@santap/domain` rules so a refusal carries the precise
 * catalogue message (spec §5: 'Required', name at least 3 characters, the three email messages, date of
 * birth 18+ and saved once, 'Invalid phone number'); the schemas here only bound their length.
 */
export * from './profile';
export * from './addresses';
export * from './allergies';
export * from './history';
export * from './nutrition';
