/**
 * One customer's visit: the order type and the lines of the order, in memory only (a kiosk forgets a
 * half-made order when it starts over or reloads; taken orders live in the outbox).
 */
import { createContext, useContext, useMemo, useReducer } from 'react';
import type { ReactNode } from 'react';
import { produce } from 'immer';
import type { Draft } from 'immer';

export type KioskOrderType = 1 | 3;

export interface CartLine {
  lineId: string;
  itemId: number;
  restaurantId: number;
  name: string;
  /** Per unit, options included (minor units). */
  unitPrice: number;
  quantity: number;
  selections: Record<string, string[]>;
  optionNames: string[];
  notes: string;
}

export interface SessionState {
  orderType: KioskOrderType | null;
  lines: CartLine[];
}

type Action =
  | { type: 'orderType'; orderType: KioskOrderType }
  | { type: 'add'; line: Omit<CartLine, 'lineId'> }
  | { type: 'quantity'; lineId: string; quantity: number }
  | { type: 'reset' };

const EMPTY: SessionState = { orderType: null, lines: [] };

const sameChoice = (a: Omit<CartLine, 'lineId'>, b: CartLine) =>
  a.itemId === b.itemId &&
  a.notes === b.notes &&
  JSON.stringify(Object.entries(a.selections).sort()) === JSON.stringify(Object.entries(b.selections).sort());

let nextLine = 0;

/** The visit's reducer: immer's `produce` edits a draft of the lines, so a quantity is one assignment. */
export const sessionReducer = produce(
  (draft: Draft<SessionState>, action: Action): SessionState | undefined => {
    switch (action.type) {
      case 'orderType':
        draft.orderType = action.orderType;
        return undefined;
      case 'add': {
        const same = draft.lines.find((line) => sameChoice(action.line, line));
        if (same) {
          same.quantity = Math.min(99, same.quantity + action.line.quantity);
        } else {
          nextLine += 1;
          draft.lines.push({ ...action.line, lineId: `line-${nextLine}` });
        }
        return undefined;
      }
      case 'quantity': {
        const index = draft.lines.findIndex((line) => line.lineId === action.lineId);
        if (index < 0) return undefined;
        if (action.quantity <= 0) draft.lines.splice(index, 1);
        else draft.lines[index]!.quantity = Math.min(99, action.quantity);
        return undefined;
      }
      case 'reset':
        return EMPTY;
    }
  },
);

export interface KioskSession extends SessionState {
  setOrderType(orderType: KioskOrderType): void;
  add(line: Omit<CartLine, 'lineId'>): void;
  setQuantity(lineId: string, quantity: number): void;
  reset(): void;
  itemCount: number;
  /** The food total (minor units): lines only, before charges and tax. */
  foodTotal: number;
}

const SessionContext = createContext<KioskSession | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, EMPTY);
  // The actions never change, so screens can depend on them in effects.
  const actions = useMemo(
    () => ({
      setOrderType: (orderType: KioskOrderType) => dispatch({ type: 'orderType', orderType }),
      add: (line: Omit<CartLine, 'lineId'>) => dispatch({ type: 'add', line }),
      setQuantity: (lineId: string, quantity: number) => dispatch({ type: 'quantity', lineId, quantity }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [],
  );
  const value = useMemo<KioskSession>(
    () => ({
      ...state,
      ...actions,
      itemCount: state.lines.reduce((sum, line) => sum + line.quantity, 0),
      foodTotal: state.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
    }),
    [state, actions],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): KioskSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
