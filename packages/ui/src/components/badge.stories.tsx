import type { Meta, StoryObj } from '@storybook/react-vite';
import { ALLERGENS, Badge } from './badge';

function AllBadges({ highlight }: { highlight?: boolean }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, padding: 16 }}>
      <Badge kind="halal" />
      <Badge kind="noPork" />
      <Badge kind="alcohol" />
      {ALLERGENS.map((allergen) => (
        <Badge
          key={allergen}
          kind="allergen"
          allergen={allergen}
          highlighted={highlight && allergen === 'nuts'}
        />
      ))}
    </div>
  );
}

const meta = {
  title: 'Primitives/Badge',
  component: AllBadges,
} satisfies Meta<typeof AllBadges>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Flags: Story = {};
export const HighlightedAllergy: Story = { args: { highlight: true } };
