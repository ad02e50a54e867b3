/** Fresh phone numbers for tests that register diners through the real OTP calls. */

/** Length of a Malaysian mobile number in E.164 as the tests use them: '+60' and nine digits. */
const PHONE_LENGTH = 12;

let issued = 0;

/**
 * A valid Malaysian mobile number in E.164 not handed out before in this test file: `block` (its leading
 * digits, e.g. '+60123') then a running count. Each file keeps a block of its own, so no two files running
 * side by side use the same numbers.
 */
export function freshPhone(block: string): string {
  const count = String(++issued);
  const room = PHONE_LENGTH - block.length;
  if (count.length > room) throw new Error(`the phone block ${block} has no numbers left`);
  return `${block}${count.padStart(room, '0')}`;
}
