/** Staff calls (spec §6, §7): one namespace, `staff.*`, made of the board, the accounts, the menu and the printers. */
export * from './orders';
export * from './accounts';
export * from './menu';
export * from './printers';
export * from './approval';
