/**
 * One customer's visit: the order type and the lines of the order, in memory only (a kiosk forgets a
 * half-made order when it starts over or reloads; taken orders live in the outbox).
 */
import { createContext, useContext, useMemo, useReducer } from 'react';
import type { ReactNode } from 'react';

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

export function sessionReducer(state: SessionState, action: Action): SessionState {
  switch (action.type) {
    case 'orderType':
      return { ...state, orderType: action.orderType };
    case 'add': {
      const same = state.lines.find((line) => sameChoice(action.line, line));
      if (same) {
        return {
          ...state,
          lines: state.lines.map((line) =>
            line === same ? { ...line, quantity: Math.min(99, line.quantity + action.line.quantity) } : line,
          ),
        };
      }
      nextLine += 1;
      return { ...state, lines: [...state.lines, { ...action.line, lineId: `line-${nextLine}` }] };
    }
    case 'quantity':
      return {
        ...state,
        lines:
          action.quantity <= 0
            ? state.lines.filter((line) => line.lineId !== action.lineId)
            : state.lines.map((line) =>
                line.lineId === action.lineId ? { ...line, quantity: Math.min(99, action.quantity) } : line,
              ),
      };
    case 'reset':
      return EMPTY;
  }
}

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
