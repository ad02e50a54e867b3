import type { StorybookConfig } from '@storybook/react-vite';

/**
 * The ui's stories and docs, plus the stories of the apps' own dialogs, which live beside them in
 * `apps/<app>/src` (ui never imports an app; only this Storybook config collects their stories).
 */
const config: StorybookConfig = {
  stories: ['../src/**/*.mdx', '../src/**/*.stories.tsx', '../../../apps/*/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
