import { createDinerAllergies } from '@santap/web';

/**
 * The logged-in diner's saved allergy categories (spec §3, the account's allergy filter), read afresh
 * on every menu load and kept for the dish cards and the dish popup (`createDinerAllergies` of
 * `@santap/ui`, shared with the food court). The call is imported only for a logged-in diner, so a
 * guest's menu never loads the account module's schemas (`allergy-call.ts`).
 */
const dinerAllergies = createDinerAllergies((signal) =>
  import('./allergy-call').then((calls) => calls.allergyCategories(signal)),
);

export const loadDinerAllergies = dinerAllergies.load;

/** The allergies the last menu load read, for the dish cards and the dish popup. */
export const useDinerAllergies = dinerAllergies.useAllergies;

/** Those the diner marked severe: the dish popup asks 'Add anyway?' before adding a dish holding one. */
export const useSevereDinerAllergies = dinerAllergies.useSevereAllergies;
