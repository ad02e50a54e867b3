import { account } from '@santap/api-client';
import { createDinerAllergies } from '@santap/web';
import { api } from '../../../lib/api';

/**
 * The logged-in diner's saved allergies (the account's allergy filter, spec §7 Profile), read with
 * each outlet menu so a change on the account page shows at once, as on the diner app's menu
 * (`createDinerAllergies` of `@santap/ui`, shared with it). A guest makes no call and has none; a
 * failed read has none too: highlighting helps, it never blocks the menu.
 */
const dinerAllergies = createDinerAllergies((signal) =>
  api.call(account.allergiesGet, {}, signal ? { signal } : undefined).then((reply) => reply.allergies),
);

export const loadDinerAllergies = dinerAllergies.load;

/** Those the diner marked severe: the dish popup asks 'Add anyway?' before adding a dish holding one. */
export const useSevereDinerAllergies = dinerAllergies.useSevereAllergies;
