/** The diner's allergies: the filter menus highlight conflicting dishes with. */
import { z } from 'zod';
import { ALLERGENS, ALLERGY_SEVERITIES } from '@santap/domain';
import { defineEndpoint } from '../endpoint';
import { idInput } from '../common';

export const allergenCategory = z.enum(ALLERGENS);
export const allergySeverity = z.enum(ALLERGY_SEVERITIES);

/** One recorded allergy: a category of {@link ALLERGENS}, how strongly it is avoided, a note. */
export const allergySchema = z.object({
  allergy_id: z.number().int(),
  category: allergenCategory,
  /** `avoid`: dishes are highlighted; `severe`: also warned about before adding. */
  severity: allergySeverity,
  note: z.string().nullable(),
  created_epoch: z.number().int(),
});
export type Allergy = z.infer<typeof allergySchema>;

const allergyRef = z.object({ allergyId: idInput });

export const allergiesGet = defineEndpoint({
  id: 'account.allergies',
  method: 'GET',
  path: '/api/user/allergies',
  service: 'main',
  access: 'user',
  summary:
    "The allergy filter: every category with whether the caller avoids it, and the caller's allergies (menus highlight dishes whose allergens conflict).",
  data: z.object({
    filter: z.array(
      z.object({ category: allergenCategory, selected: z.boolean(), severity: allergySeverity.nullable() }),
    ),
    allergies: z.array(allergySchema),
  }),
});

export const allergyAdd = defineEndpoint({
  id: 'account.allergyAdd',
  method: 'POST',
  path: '/api/user/allergies',
  service: 'main',
  access: 'user',
  summary:
    'Record an allergy (one per category: adding a category already recorded updates its severity and note). Registered diners only.',
  body: z.object({
    category: allergenCategory,
    severity: allergySeverity.default('avoid'),
    note: z.string().max(300).optional(),
  }),
  data: z.object({ allergy: allergySchema }),
});

export const allergyUpdate = defineEndpoint({
  id: 'account.allergyUpdate',
  method: 'PUT',
  path: '/api/user/allergies/:allergyId',
  service: 'main',
  access: 'user',
  summary: "Change an allergy's severity or note (an empty or null note removes it). Another diner's: 404.",
  params: allergyRef,
  body: z.object({ severity: allergySeverity.optional(), note: z.string().max(300).nullable().optional() }),
  data: z.object({ allergy: allergySchema }),
});

export const allergyDelete = defineEndpoint({
  id: 'account.allergyDelete',
  method: 'DELETE',
  path: '/api/user/allergies/:allergyId',
  service: 'main',
  access: 'user',
  summary: "Remove an allergy. Another diner's: 404.",
  params: allergyRef,
  data: z.object({ allergy_id: z.number().int() }),
});
