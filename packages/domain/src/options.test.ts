import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, MESSAGE } from './messages';
import type { OptionGroup, OptionSelections } from './options';
import { canAddOption, optionGroupSchema, validateSelections } from './options';

const size: OptionGroup = {
  id: 'size',
  kind: 'one',
  required: true,
  options: [
    { id: 'regular', price: 0, available: true },
    { id: 'large', price: 300, available: true },
    { id: 'jumbo', price: 500, available: false },
  ],
};

const toppings: OptionGroup = {
  id: 'toppings',
  kind: 'any',
  required: false,
  options: [
    { id: 'egg', price: 150, available: true },
    { id: 'cheese', price: 200, available: true },
    { id: 'sambal', price: 0, available: true },
  ],
};

const sauces: OptionGroup = {
  id: 'sauces',
  kind: 'upTo',
  max: 2,
  required: false,
  options: [
    { id: 'bbq', price: 50, available: true },
    { id: 'chili', price: 0, available: true },
    { id: 'mayo', price: 50, available: true },
  ],
};

const sides: OptionGroup = {
  id: 'sides',
  kind: 'upTo',
  max: 3,
  min: 2,
  required: true,
  options: [
    { id: 'rice', price: 100, available: true },
    { id: 'salad', price: 200, available: true },
    { id: 'fries', price: 300, available: true },
  ],
};

const groups = [size, toppings, sauces];

const expectThrowsInvalidInput = (run: () => unknown): void => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).key).toBe(MESSAGE.invalidInput);
    return;
  }
  expect.fail('expected DomainError(invalidInput)');
};

describe('validateSelections', () => {
  it('one size, two toppings, one sauce -> ok with chosen options and their per-unit total', () => {
    const result = validateSelections(groups, {
      size: ['large'],
      toppings: ['cheese', 'egg'],
      sauces: ['bbq'],
    });
    expect(result).toEqual({
      ok: true,
      optionsTotal: 700,
      chosen: [
        { groupId: 'size', optionId: 'large', price: 300 },
        { groupId: 'toppings', optionId: 'cheese', price: 200 },
        { groupId: 'toppings', optionId: 'egg', price: 150 },
        { groupId: 'sauces', optionId: 'bbq', price: 50 },
      ],
    });
  });

  it('optional groups left out -> ok', () => {
    expect(validateSelections(groups, { size: ['regular'] })).toEqual({
      ok: true,
      optionsTotal: 0,
      chosen: [{ groupId: 'size', optionId: 'regular', price: 0 }],
    });
  });

  it('no groups and no selections -> ok with total 0', () => {
    expect(validateSelections([], {})).toEqual({ ok: true, optionsTotal: 0, chosen: [] });
  });

  it('required choose-one with nothing chosen -> validation.selectAnyOneOption', () => {
    expect(validateSelections(groups, {})).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'validation.selectAnyOneOption' }],
    });
  });

  it('required choose-one with an empty list -> validation.selectAnyOneOption', () => {
    expect(validateSelections([size], { size: [] })).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'validation.selectAnyOneOption' }],
    });
  });

  it('optional choose-one with nothing chosen -> ok', () => {
    expect(validateSelections([{ ...size, required: false }], {}).ok).toBe(true);
  });

  it('choose-one with two options -> validation.selectOnlyOneOption', () => {
    expect(validateSelections([size], { size: ['regular', 'large'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'validation.selectOnlyOneOption' }],
    });
  });

  it('up-to-2 with three options -> validation.optionLimitReached with { max: 2 }', () => {
    expect(validateSelections([sauces], { sauces: ['bbq', 'chili', 'mayo'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'sauces', key: 'validation.optionLimitReached', values: { max: 2 } }],
    });
  });

  it('up-to-2 with exactly two options -> ok', () => {
    expect(validateSelections([sauces], { sauces: ['bbq', 'mayo'] }).ok).toBe(true);
  });

  it('choose-any with every option -> ok', () => {
    expect(validateSelections([toppings], { toppings: ['egg', 'cheese', 'sambal'] }).ok).toBe(true);
  });

  it('required choose-any with nothing -> validation.selectAnyOneOption', () => {
    expect(validateSelections([{ ...toppings, required: true }], { toppings: [] })).toEqual({
      ok: false,
      errors: [{ groupId: 'toppings', key: 'validation.selectAnyOneOption' }],
    });
  });

  it('min 2 with one option -> validation.optionMinimumNotReached with { min: 2 }', () => {
    expect(validateSelections([sides], { sides: ['rice'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'sides', key: 'validation.optionMinimumNotReached', values: { min: 2 } }],
    });
  });

  it('required min 2 with nothing -> validation.optionMinimumNotReached with { min: 2 }', () => {
    expect(validateSelections([sides], {})).toEqual({
      ok: false,
      errors: [{ groupId: 'sides', key: 'validation.optionMinimumNotReached', values: { min: 2 } }],
    });
  });

  it('required group with min 0 -> still needs one: validation.selectAnyOneOption', () => {
    expect(validateSelections([{ ...toppings, required: true, min: 0 }], {})).toEqual({
      ok: false,
      errors: [{ groupId: 'toppings', key: 'validation.selectAnyOneOption' }],
    });
  });

  it('optional min 2 left empty -> ok; with one option -> optionMinimumNotReached', () => {
    const optionalSides = { ...sides, required: false };
    expect(validateSelections([optionalSides], {}).ok).toBe(true);
    expect(validateSelections([optionalSides], { sides: ['fries'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'sides', key: 'validation.optionMinimumNotReached', values: { min: 2 } }],
    });
  });

  it('unavailable option -> validation.variantUnavailable with the option id', () => {
    expect(validateSelections([size], { size: ['jumbo'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'errors.variantUnavailable', values: { optionId: 'jumbo' } }],
    });
  });

  it('unknown option -> errors.variantUnavailable with the option id', () => {
    expect(validateSelections([size], { size: ['mega'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'errors.variantUnavailable', values: { optionId: 'mega' } }],
    });
  });

  it('an option of another group -> errors.variantUnavailable', () => {
    const result = validateSelections(groups, { size: ['egg'] });
    expect(result).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'errors.variantUnavailable', values: { optionId: 'egg' } }],
    });
  });

  it('unknown group -> validation.invalidInput for that group', () => {
    expect(validateSelections([size], { size: ['large'], drinks: ['tea'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'drinks', key: 'validation.invalidInput' }],
    });
  });

  it('the same option twice -> validation.invalidInput, not a count of two', () => {
    expect(validateSelections([size], { size: ['large', 'large'] })).toEqual({
      ok: false,
      errors: [{ groupId: 'size', key: 'validation.invalidInput', values: { optionId: 'large' } }],
    });
  });

  it('several problems -> every one reported, in group order', () => {
    const result = validateSelections(groups, { toppings: ['caviar'], sauces: ['bbq', 'chili', 'mayo'] });
    expect(result).toEqual({
      ok: false,
      errors: [
        { groupId: 'size', key: 'validation.selectAnyOneOption' },
        { groupId: 'toppings', key: 'errors.variantUnavailable', values: { optionId: 'caviar' } },
        { groupId: 'sauces', key: 'validation.optionLimitReached', values: { max: 2 } },
      ],
    });
  });

  it('two groups with the same id -> throws invalidInput', () => {
    expectThrowsInvalidInput(() => validateSelections([size, size], {}));
  });

  it('selections that are not lists of ids -> throws invalidInput', () => {
    expectThrowsInvalidInput(() =>
      validateSelections([size], { size: 'large' } as unknown as OptionSelections),
    );
  });
});

describe('optionGroupSchema: bad restaurant data -> throws invalidInput', () => {
  it.each<[string, unknown]>([
    ['upTo without max', { ...sauces, max: undefined }],
    ['max on a choose-any group', { ...toppings, max: 2 }],
    ['max on a choose-one group', { ...size, max: 1 }],
    ['max 0', { ...sauces, max: 0 }],
    ['min 2 on a choose-one group', { ...size, min: 2 }],
    ['min above max', { ...sauces, min: 3 }],
    ['min above the number of options', { ...toppings, min: 4 }],
    ['negative min', { ...toppings, min: -1 }],
    ['duplicate option ids', { ...toppings, options: [toppings.options[0], toppings.options[0]] }],
    ['negative price', { ...toppings, options: [{ id: 'egg', price: -1, available: true }] }],
    ['fractional price', { ...toppings, options: [{ id: 'egg', price: 1.5, available: true }] }],
    ['unknown kind', { ...toppings, kind: 'many' }],
    ['empty group id', { ...toppings, id: '' }],
  ])('%s', (_name, group) => {
    expect(optionGroupSchema.safeParse(group).success).toBe(false);
    expectThrowsInvalidInput(() => validateSelections([group as OptionGroup], {}));
    expectThrowsInvalidInput(() => canAddOption(group as OptionGroup, [], 'egg'));
  });

  it('the example groups -> accepted', () => {
    for (const group of [size, toppings, sauces, sides])
      expect(optionGroupSchema.safeParse(group).success).toBe(true);
  });
});

describe('canAddOption', () => {
  it('choose-one, nothing chosen -> ok', () => {
    expect(canAddOption(size, [], 'large')).toEqual({ ok: true });
  });

  it('choose-one with one chosen, another tapped -> validation.selectOnlyOneOption', () => {
    expect(canAddOption(size, ['regular'], 'large')).toEqual({
      ok: false,
      key: 'validation.selectOnlyOneOption',
    });
  });

  it('option already chosen -> ok (the choice is a set)', () => {
    expect(canAddOption(size, ['large'], 'large')).toEqual({ ok: true });
    expect(canAddOption(sauces, ['bbq', 'chili'], 'chili')).toEqual({ ok: true });
  });

  it('up-to-2 with one chosen -> ok', () => {
    expect(canAddOption(sauces, ['bbq'], 'mayo')).toEqual({ ok: true });
  });

  it('up-to-2 with two chosen -> validation.optionLimitReached with { max: 2 }', () => {
    expect(canAddOption(sauces, ['bbq', 'chili'], 'mayo')).toEqual({
      ok: false,
      key: 'validation.optionLimitReached',
      values: { max: 2 },
    });
  });

  it('choose-any with everything else chosen -> ok', () => {
    expect(canAddOption(toppings, ['egg', 'cheese'], 'sambal')).toEqual({ ok: true });
  });

  it('unavailable option -> errors.variantUnavailable', () => {
    expect(canAddOption(size, [], 'jumbo')).toEqual({ ok: false, key: 'errors.variantUnavailable' });
  });

  it('unknown option -> errors.variantUnavailable', () => {
    expect(canAddOption(toppings, [], 'caviar')).toEqual({ ok: false, key: 'errors.variantUnavailable' });
  });
});

const groupArb: fc.Arbitrary<OptionGroup> = fc
  .record({
    kind: fc.constantFrom('one' as const, 'any' as const, 'upTo' as const),
    required: fc.boolean(),
    options: fc.uniqueArray(
      fc.record({
        id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        price: fc.integer({ min: 0, max: 10_000 }),
        available: fc.boolean(),
      }),
      { selector: (option) => option.id, maxLength: 5 },
    ),
    max: fc.integer({ min: 1, max: 4 }),
    min: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
  })
  .map(({ kind, required, options, max, min }) => {
    const limit = Math.min(kind === 'one' ? 1 : kind === 'upTo' ? max : options.length, options.length);
    return {
      id: '',
      kind,
      required,
      options,
      ...(kind === 'upTo' ? { max } : {}),
      ...(min === undefined ? {} : { min: Math.min(min, limit) }),
    };
  });

const groupsArb = fc
  .array(groupArb, { minLength: 1, maxLength: 4 })
  .map((generated) => generated.map((group, index) => ({ ...group, id: `g${index}` })));

const withSelectionsArb = groupsArb.chain((generated) =>
  fc.tuple(
    fc.constant(generated),
    fc.record(
      Object.fromEntries(
        generated.map((group) => {
          // Mostly available options, so that many selections pass and the property has work to do.
          const available = group.options.filter((option) => option.available).map((option) => option.id);
          const anything = [...group.options.map((option) => option.id), 'z'];
          return [
            group.id,
            fc.oneof({ arbitrary: fc.subarray(available), weight: 4 }, fc.subarray(anything)),
          ];
        }),
      ) as Record<string, fc.Arbitrary<string[]>>,
    ),
  ),
);

/** The rules of spec §5 restated independently, as the oracle of the properties below. */
const respectsLimits = (group: OptionGroup, ids: readonly string[]): boolean => {
  const allAvailable = ids.every((id) =>
    group.options.some((option) => option.id === id && option.available),
  );
  const minimum = group.required || ids.length > 0 ? Math.max(group.min ?? 1, 1) : 0;
  const maximum = group.kind === 'one' ? 1 : group.kind === 'upTo' ? (group.max ?? 0) : Infinity;
  return allAvailable && new Set(ids).size === ids.length && ids.length >= minimum && ids.length <= maximum;
};

describe('option groups: properties', () => {
  it('every generated group is valid restaurant data', () => {
    fc.assert(
      fc.property(groupArb, (group) => {
        expect(optionGroupSchema.safeParse({ ...group, id: 'g' }).success).toBe(true);
      }),
    );
  });

  it('a selection accepted by validateSelections respects every group limit, and its total adds up', () => {
    fc.assert(
      fc.property(withSelectionsArb, ([generated, selections]) => {
        const result = validateSelections(generated, selections);
        if (!result.ok) return;
        for (const group of generated) expect(respectsLimits(group, selections[group.id] ?? [])).toBe(true);
        expect(result.optionsTotal).toBe(result.chosen.reduce((sum, option) => sum + option.price, 0));
      }),
      { numRuns: 500 },
    );
  });

  it('validateSelections accepts exactly the selections that respect every group limit', () => {
    fc.assert(
      fc.property(withSelectionsArb, ([generated, selections]) => {
        const respected = generated.every((group) => respectsLimits(group, selections[group.id] ?? []));
        expect(validateSelections(generated, selections).ok).toBe(respected);
      }),
      { numRuns: 500 },
    );
  });

  it('tapping only what canAddOption allows never breaks a one / up-to limit', () => {
    fc.assert(
      fc.property(groupArb, fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e')), (generated, taps) => {
        const group = { ...generated, id: 'g', required: false, min: undefined };
        const current: string[] = [];
        for (const tap of taps) {
          if (canAddOption(group, current, tap).ok && !current.includes(tap)) current.push(tap);
        }
        const result = validateSelections([group], { g: current });
        expect(result.ok).toBe(true);
      }),
    );
  });
});
