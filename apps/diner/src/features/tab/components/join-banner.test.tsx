import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessage } from '@santap/api-client';
import { callsTo, renderRoute, stubApi } from '../../../lib/testing/render-route';
import { tabFixture } from '../testing/fixtures';
import { JoinBanner } from './join-banner';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const render = (language: 'en' | 'id' | 'my' = 'en') =>
  renderRoute(
    [
      { path: '/r/:name', element: <JoinBanner restaurantId={1001} tableId={5} /> },
      { path: '/tab/:tabId', element: <p>tab page</p> },
    ],
    '/r/kopitiam-ali',
    language,
  );

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('JoinBanner (the menu of a table)', () => {
  it("a wrong code -> the server's words on the code field, the code still there; the right one -> on the tab", async () => {
    const codes: string[] = [];
    const api = stubApi({
      'tabs.atTable': () => ({ tab: null, joinable: 'code' }),
      'tabs.join': (input) => {
        codes.push(input.body!.code as string);
        if (input.body!.code !== 'K7M2QP') {
          throw new ServerMessage(
            'That code is not right. Ask a friend at the table for the tab’s code.',
            'tab.error.codeWrong',
            400,
          );
        }
        return { tab: tabFixture() };
      },
    });
    const { user } = render();
    expect(
      await screen.findByText('Your friends already have a tab here — join with their code'),
    ).toBeTruthy();
    expect(callsTo(api, 'tabs.atTable')[0]![0].query).toEqual({ restaurant_id: 1001, table_id: 5 });

    const field = screen.getByRole('textbox', { name: 'Their code' }) as HTMLInputElement;
    await user.type(field, 'k7m2qb');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    const error = await screen.findByText(
      'That code is not right. Ask a friend at the table for the tab’s code.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(error.id);
    expect(field.value).toBe('k7m2qb');

    await user.clear(field);
    await user.type(field, 'k7m2qp');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText("You're on your table's tab: RM 40.00 left")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the tab' }).getAttribute('href')).toBe('/tab/42');
    // Sent as friends read it out: upper case.
    expect(codes).toEqual(['K7M2QB', 'K7M2QP']);
  });

  it('too many tries (429) -> that message on the field; asking staff with a name -> waiting', async () => {
    stubApi({
      'tabs.atTable': () => ({ tab: null, joinable: 'code' }),
      'tabs.join': () => {
        throw new ServerMessage(
          'Too many wrong codes at this table. Try again in 10 min.',
          'tab.error.codeTooManyTries',
          429,
        );
      },
      'tabs.askToJoin': (input) => {
        expect(input.body).toEqual({ restaurant_id: 1001, table_id: 5, name: 'Siti' });
        return { waiting: true };
      },
    });
    const { user } = render();
    await user.type(await screen.findByRole('textbox', { name: 'Their code' }), 'AAAAAA');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Too many wrong codes at this table. Try again in 10 min.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ask staff to let me in' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Siti');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent. A staff member will let you in.')).toBeTruthy();
  });

  it("joinable by scan -> 'Join your table's tab' joins without a code", async () => {
    const api = stubApi({
      'tabs.atTable': () => ({ tab: null, joinable: 'scan' }),
      'tabs.join': () => ({ tab: tabFixture({ joins_by_scan: true }) }),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: "Join your table's tab" }));
    expect(await screen.findByRole('link', { name: 'View the tab' })).toBeTruthy();
    expect(callsTo(api, 'tabs.join')[0]![0].body).toEqual({ restaurant_id: 1001, table_id: 5 });
  });

  it('no tab at the table, or the question fails -> nothing on the menu', async () => {
    const api = stubApi({ 'tabs.atTable': () => ({ tab: null, joinable: null }) });
    const { container } = render();
    await waitFor(() => expect(callsTo(api, 'tabs.atTable')).toHaveLength(1));
    expect(container.textContent).toBe('');

    cleanup();
    vi.restoreAllMocks();
    const failing = stubApi({
      'tabs.atTable': () => {
        throw new ServerMessage('Something went wrong', undefined, 500);
      },
    });
    const again = render();
    await waitFor(() => expect(callsTo(failing, 'tabs.atTable')).toHaveLength(1));
    expect(again.container.textContent).toBe('');
  });

  it('in Indonesian -> the banner in Indonesian; Nanti saja (not now) -> gone from the menu', async () => {
    stubApi({ 'tabs.atTable': () => ({ tab: null, joinable: 'code' }) });
    const { user, container } = render('id');
    expect(
      await screen.findByText('Teman Anda sudah punya tagihan di meja ini — bergabunglah dengan kode mereka'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Gabung' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nanti saja' }));
    expect(container.textContent).toBe('');
  });
});
