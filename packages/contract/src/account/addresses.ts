/** The diner's saved delivery addresses, with a distance lookup against a restaurant. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idInput, idOrNameid, mapTilesSchema } from '../common';

const longitude = z.number().min(-180).max(180);
const latitude = z.number().min(-90).max(90);

/** A saved delivery address. */
export const addressSchema = z.object({
  address_id: z.number().int(),
  /** 'home', 'work', 'other' or the diner's own word, shown as is. */
  label: z.string(),
  /** Apartment, unit or house number. */
  apartment: z.string(),
  street: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  postcode: z.string().nullable(),
  /** The map pin. */
  lng: z.number(),
  lat: z.number(),
  /** Exactly one of a diner's addresses is the default (the first saved one until another is chosen). */
  is_default: z.boolean(),
  created_epoch: z.number().int(),
});
export type Address = z.infer<typeof addressSchema>;

/** What the diner types for an address; apartment and city are required ('Required'). */
export const addressInput = z.object({
  label: z.string().max(40).optional(),
  apartment: z.string().max(200),
  street: z.string().max(200).optional(),
  landmark: z.string().max(200).optional(),
  city: z.string().max(100),
  postcode: z.string().max(12).optional(),
  lng: longitude,
  lat: latitude,
  /** Make it the default (the others stop being default). */
  is_default: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInput>;

const addressRef = z.object({ addressId: idInput });

export const addressesList = defineEndpoint({
  id: 'account.addresses',
  method: 'GET',
  path: '/api/user/addresses',
  service: 'main',
  access: 'user',
  summary:
    "The caller's saved addresses (deleted ones left out), the default first, then newest first, and the tiles of the map a new address is pinned on.",
  data: z.object({
    addresses: z.array(addressSchema),
    /** As `restaurants.details` sends them (`null`: none configured); optional for older fixtures. */
    map_tiles: z.nullable(mapTilesSchema).optional(),
  }),
});

export const addressCreate = defineEndpoint({
  id: 'account.addressCreate',
  method: 'POST',
  path: '/api/user/addresses',
  service: 'main',
  access: 'user',
  summary:
    'Save an address with its map pin. The first address becomes the default; is_default makes this one the default. Registered diners only.',
  body: addressInput,
  data: z.object({ address: addressSchema }),
});

export const addressUpdate = defineEndpoint({
  id: 'account.addressUpdate',
  method: 'PUT',
  path: '/api/user/addresses/:addressId',
  service: 'main',
  access: 'user',
  summary:
    "Change an address of the caller (absent fields stay; an empty street, landmark or postcode removes it). Another diner's or a deleted address: 404 'Address Not Found'.",
  params: addressRef,
  body: addressInput.partial(),
  data: z.object({ address: addressSchema }),
});

export const addressDelete = defineEndpoint({
  id: 'account.addressDelete',
  method: 'DELETE',
  path: '/api/user/addresses/:addressId',
  service: 'main',
  access: 'user',
  summary:
    "Delete an address (kept for the orders that used it). Deleting the default makes the newest remaining address the default. Another diner's: 404 'Address Not Found'.",
  params: addressRef,
  data: z.object({ address_id: z.number().int(), default_address_id: z.number().int().nullable() }),
});

export const addressSetDefault = defineEndpoint({
  id: 'account.addressSetDefault',
  method: 'POST',
  path: '/api/user/addresses/:addressId/default',
  service: 'main',
  access: 'user',
  summary: "Make one of the caller's addresses the default (the only one); replies with every address.",
  params: addressRef,
  data: z.object({ addresses: z.array(addressSchema) }),
});

export const addressDistance = defineEndpoint({
  id: 'account.addressDistance',
  method: 'GET',
  path: '/api/user/addresses/distance',
  service: 'main',
  access: 'user',
  summary:
    "Distance lookup: how far an address of the caller (address_id; or a pin lng/lat; or else the default address) is from a restaurant, its delivery radius and whether it delivers there. An unknown or another diner's address: 404 'Address Not Found'; no address at all: 400.",
  query: z.object({
    /** The numeric id or the nameid. */
    restaurant_id: idOrNameid,
    address_id: idInput.optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
  }),
  data: z.object({
    restaurant_id: z.number().int(),
    /** The address measured (null when a pin was given). */
    address_id: z.number().int().nullable(),
    /** Great-circle distance in whole metres. */
    distance_m: z.number().int(),
    /** The restaurant's delivery radius in metres (0 = it does not deliver). */
    delivery_radius_m: z.number().int(),
    deliverable: z.boolean(),
    /** Why not deliverable: catalogue key (`validation.addressTooFar`, `errors.deliveryNotSupported`) and words. */
    reason_key: z.string().nullable(),
    reason: z.string().nullable(),
  }),
});
