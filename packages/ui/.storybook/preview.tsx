import type { Preview } from '@storybook/react-vite';
import '../src/styles/index.css';
import { DEFAULT_VIEWPORT, VIEWPORTS } from '../src/storybook/viewports';
import { SIDE_BY_SIDE, withLanguage } from '../src/storybook/with-language';

const preview: Preview = {
  globalTypes: {
    language: {
      description: 'Language of the story',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English', right: 'en' },
          { value: 'id', title: 'Bahasa Indonesia', right: 'id' },
          { value: 'my', title: 'Bahasa Melayu', right: 'my' },
          { value: SIDE_BY_SIDE, title: 'Side by side: all three', right: 'en · id · my' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { language: 'en', viewport: { value: DEFAULT_VIEWPORT, isRotated: false } },
  decorators: [withLanguage],
  // Every component gets an autodocs page; each docs example renders in its own frame, so an open
  // popup stays inside its example instead of covering the page.
  tags: ['autodocs'],
  parameters: {
    viewport: { options: VIEWPORTS },
    layout: 'fullscreen',
    docs: { story: { inline: false, iframeHeight: 640 } },
  },
};

export default preview;
