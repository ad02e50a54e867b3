import { describe, expect, it } from 'vitest';
import { ORDER_TYPE } from './order-type';
import { orderStatusPath, orderTracker, orderTrackerStepIds, trackerMoved } from './order-tracker';
import { ORDER_STATUS, canTransition } from './status';

const S = ORDER_STATUS;
const { DINE_IN, DELIVERY, PICKUP } = ORDER_TYPE;

const states = (tracker: ReturnType<typeof orderTracker>) =>
  tracker.steps.map((step) => `${step.id}:${step.state}`);

describe('orderTrackerStepIds: the steps of each order type', () => {
  it('dine-in: placed, confirmed, preparing, ready, served', () => {
    expect(orderTrackerStepIds(DINE_IN, false)).toEqual([
      'placed',
      'confirmed',
      'preparing',
      'ready',
      'served',
    ]);
  });

  it('pickup: … ready to collect, picked up', () => {
    expect(orderTrackerStepIds(PICKUP, false)).toEqual([
      'placed',
      'confirmed',
      'preparing',
      'readyToCollect',
      'pickedUp',
    ]);
  });

  it('delivery: … ready, on the way, delivered', () => {
    expect(orderTrackerStepIds(DELIVERY, false)).toEqual([
      'placed',
      'confirmed',
      'preparing',
      'ready',
      'onTheWay',
      'delivered',
    ]);
  });

  it('scheduled: scheduled, accepted, preparing … the hand-over of its type', () => {
    expect(orderTrackerStepIds(PICKUP, true)).toEqual([
      'scheduled',
      'accepted',
      'preparing',
      'readyToCollect',
      'pickedUp',
    ]);
    expect(orderTrackerStepIds(DELIVERY, true)).toEqual([
      'scheduled',
      'accepted',
      'preparing',
      'ready',
      'onTheWay',
      'delivered',
    ]);
  });

  it('the chain comes from the transition table: every move on it is allowed for the type, and it ends completed', () => {
    for (const type of [DINE_IN, DELIVERY, PICKUP]) {
      for (const scheduled of [false, true]) {
        const path = orderStatusPath(type, scheduled);
        expect(path[0]).toBe(scheduled ? S.SCHEDULED : S.WAITING_CONFIRMATION);
        expect(path[path.length - 1]).toBe(S.COMPLETED);
        for (let i = 1; i < path.length; i++) {
          expect(canTransition(path[i - 1]!, path[i]!, { orderType: type })).toBe(true);
        }
      }
    }
    // The kitchen's optional "prepared" is on the chain (it is a step of its own to nobody).
    expect(orderStatusPath(DINE_IN, false)).toContain(S.PREPARED);
    expect(orderStatusPath(DINE_IN, false)).not.toContain(S.MORE_ITEMS_ADDED);
  });
});

describe('orderTracker: the current step', () => {
  it('a new dine-in order is at placed, the rest to come', () => {
    const tracker = orderTracker({ status: S.WAITING_CONFIRMATION, orderType: DINE_IN, scheduled: false });
    expect(states(tracker)).toEqual([
      'placed:current',
      'confirmed:todo',
      'preparing:todo',
      'ready:todo',
      'served:todo',
    ]);
    expect(tracker.current).toBe(0);
    expect(tracker.end).toBeUndefined();
  });

  it('preparing: placed and confirmed done', () => {
    const tracker = orderTracker({ status: S.PREPARING, orderType: DINE_IN, scheduled: false });
    expect(tracker.current).toBe(2);
    expect(states(tracker).slice(0, 3)).toEqual(['placed:done', 'confirmed:done', 'preparing:current']);
  });

  it('the kitchen\'s "prepared" reads as ready (to collect for pickup)', () => {
    expect(orderTracker({ status: S.PREPARED, orderType: DINE_IN, scheduled: false }).steps[3]).toEqual({
      id: 'ready',
      state: 'current',
    });
    const pickup = orderTracker({ status: S.READY, orderType: PICKUP, scheduled: false });
    expect(pickup.steps[pickup.current]!.id).toBe('readyToCollect');
  });

  it('served, picked up, delivered; completed is the last step done', () => {
    expect(orderTracker({ status: S.SERVED_OR_PICKED, orderType: DINE_IN, scheduled: false }).current).toBe(
      4,
    );
    const picked = orderTracker({ status: S.SERVED_OR_PICKED, orderType: PICKUP, scheduled: false });
    expect(picked.steps[picked.current]!.id).toBe('pickedUp');
    const onTheWay = orderTracker({ status: S.ON_THE_WAY, orderType: DELIVERY, scheduled: false });
    expect(onTheWay.steps[onTheWay.current]!.id).toBe('onTheWay');
    const completed = orderTracker({ status: S.COMPLETED, orderType: DELIVERY, scheduled: false });
    expect(completed.steps[completed.current]!.id).toBe('delivered');
    expect(completed.current).toBe(completed.steps.length - 1);
  });

  it('a scheduled order accepted by the restaurant', () => {
    const tracker = orderTracker({ status: S.SCHEDULED_ACCEPTED, orderType: PICKUP, scheduled: true });
    expect(states(tracker).slice(0, 3)).toEqual(['scheduled:done', 'accepted:current', 'preparing:todo']);
  });

  it('a SCHEDULED status makes the tracker a scheduled one even without the flag', () => {
    expect(orderTracker({ status: S.SCHEDULED, orderType: PICKUP, scheduled: false }).steps[0]!.id).toBe(
      'scheduled',
    );
  });

  it('more items added: the new round is placed, waiting for confirmation', () => {
    const tracker = orderTracker({ status: S.MORE_ITEMS_ADDED, orderType: DINE_IN, scheduled: false });
    expect(tracker.current).toBe(0);
    expect(tracker.steps[1]!.state).toBe('todo');
  });
});

describe('orderTracker: times from the status history', () => {
  const history = [
    { status: S.WAITING_CONFIRMATION, at: 1000 },
    { status: S.CONFIRMED, at: 1060 },
    { status: S.PREPARING, at: 1200 },
  ];

  it('each reached step has the time it was entered; steps to come have none', () => {
    const tracker = orderTracker({ status: S.PREPARING, orderType: DINE_IN, scheduled: false, history });
    expect(tracker.steps.map((step) => step.at)).toEqual([1000, 1060, 1200, undefined, undefined]);
  });

  it('prepared then ready: the ready step shows when it was last entered', () => {
    const tracker = orderTracker({
      status: S.READY,
      orderType: DINE_IN,
      scheduled: false,
      history: [...history, { status: S.PREPARED, at: 1500 }, { status: S.READY, at: 1600 }],
    });
    expect(tracker.steps[3]).toEqual({ id: 'ready', state: 'current', at: 1600 });
  });

  it('after more items added and confirmed again, steps of the first round to come show no time', () => {
    const tracker = orderTracker({
      status: S.CONFIRMED,
      orderType: DINE_IN,
      scheduled: false,
      history: [...history, { status: S.MORE_ITEMS_ADDED, at: 1300 }, { status: S.CONFIRMED, at: 1320 }],
    });
    expect(tracker.steps.map((step) => [step.state, step.at])).toEqual([
      ['done', 1300],
      ['current', 1320],
      ['todo', undefined],
      ['todo', undefined],
      ['todo', undefined],
    ]);
  });
});

describe('orderTracker: declined and cancelled end the tracker', () => {
  it('declined: the placed step, then the end with its time', () => {
    const tracker = orderTracker({
      status: S.DECLINED,
      orderType: DINE_IN,
      scheduled: false,
      history: [
        { status: S.WAITING_CONFIRMATION, at: 1000 },
        { status: S.DECLINED, at: 1100 },
      ],
    });
    expect(tracker).toEqual({
      steps: [{ id: 'placed', state: 'done', at: 1000 }],
      current: -1,
      end: { id: 'declined', at: 1100 },
    });
  });

  it('cancelled while preparing: the steps it reached stay done', () => {
    const tracker = orderTracker({
      status: S.CANCELLED,
      orderType: PICKUP,
      scheduled: false,
      history: [
        { status: S.WAITING_CONFIRMATION, at: 1000 },
        { status: S.CONFIRMED, at: 1010 },
        { status: S.PREPARING, at: 1020 },
        { status: S.CANCELLED, at: 1030 },
      ],
    });
    expect(states(tracker)).toEqual(['placed:done', 'confirmed:done', 'preparing:done']);
    expect(tracker.end).toEqual({ id: 'cancelled', at: 1030 });
  });

  it('deleted reads as cancelled; without a history only the first step shows', () => {
    const tracker = orderTracker({ status: S.DELETED, orderType: DELIVERY, scheduled: true });
    expect(states(tracker)).toEqual(['scheduled:done']);
    expect(tracker.end).toEqual({ id: 'cancelled' });
  });
});

describe('trackerMoved', () => {
  const at = (status: (typeof S)[keyof typeof S]) =>
    orderTracker({ status, orderType: DINE_IN, scheduled: false });

  it('a new current step or an end is a move; the same step is not', () => {
    expect(trackerMoved(at(S.CONFIRMED), at(S.PREPARING))).toBe(true);
    expect(trackerMoved(at(S.PREPARED), at(S.READY))).toBe(false);
    expect(trackerMoved(at(S.PREPARING), at(S.CANCELLED))).toBe(true);
    expect(trackerMoved(at(S.PREPARING), at(S.PREPARING))).toBe(false);
  });
});
