/** Staff calls (spec §6, §7): one namespace, `staff.*`, made of the board, the accounts and the menu. */
export * from './orders';
export * from './accounts';
export * from './menu';
