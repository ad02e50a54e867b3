import type { Preview } from '@storybook/react';
import '../src/styles/index.css';
import { withLanguage } from '../src/storybook/with-language';

const preview: Preview = {
  globalTypes: {
    language: {
      description: 'Language',
      toolbar: { title: 'Language', items: ['en', 'id', 'my'], dynamicTitle: true },
    },
  },
  initialGlobals: { language: 'en' },
  decorators: [withLanguage],
  parameters: { viewport: { defaultViewport: 'mobile1' }, layout: 'fullscreen' },
};

export default preview;
