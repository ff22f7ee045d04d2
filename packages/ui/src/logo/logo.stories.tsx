import type { Meta, StoryObj } from '@storybook/react-vite';
import { Logo } from './logo';

const meta = {
  title: 'Primitives/Logo',
  component: Logo,
  parameters: {
    docs: {
      description: {
        component:
          "The product wordmark and mark.\n\n**Do:** Use it once in each app's header.\n\n**Don't:** Recolour it with other colours than the tokens.",
      },
    },
  },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnLight: Story = {};

// The header is dark navy; the wordmark inherits the header's text colour.
export const OnNavyHeader: Story = {
  render: () => (
    <div
      style={{ background: 'var(--sn-color-navy)', color: 'var(--sn-color-on-navy)', padding: '12px 16px' }}
    >
      <a href="#agent" style={{ color: 'inherit', textDecoration: 'none' }}>
        <Logo />
      </a>
    </div>
  ),
};
