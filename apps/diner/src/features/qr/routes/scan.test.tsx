import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../lib/testing/render-route';
import type { QrDetector } from '../lib/detector';
import { Component as ScanPage } from './scan';

vi.mock('../../../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

const detectorMock = vi.hoisted(() => ({ createQrDetector: vi.fn() }));
vi.mock('../lib/detector', () => detectorMock);

const routes = [
  { path: '/qr', Component: ScanPage },
  { path: '/r/:name/:ot?/:pickupType?', element: <p>menu page</p> },
  { path: '/qrError', element: <p>qr error page</p> },
];

/** A camera that streams: one track, stopped when the page leaves. */
function cameraStream() {
  const stop = vi.fn();
  return { stream: { getTracks: () => [{ stop }] } as unknown as MediaStream, stop };
}

/** A detector that reads `texts` one frame after another (then nothing). */
function detectorReading(...texts: string[]): QrDetector {
  return {
    detect: vi.fn(() => {
      const text = texts.shift();
      return Promise.resolve(text === undefined ? [] : [{ rawValue: text }]);
    }),
  };
}

function giveCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  // happy-dom takes only its own MediaStream; the page just hands the stream over.
  vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  detectorMock.createQrDetector.mockReset();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/qr', () => {
  it('camera permission denied -> the permission message and a retry; the polyfill is never loaded', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    giveCamera(getUserMedia);
    renderRoute(routes, '/qr');
    expect(
      await screen.findByText(
        'Camera access is off. Allow the camera in your browser settings, or scan from a photo.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(detectorMock.createQrDetector).not.toHaveBeenCalled();
  });

  it('no camera at all -> the camera-unavailable message', async () => {
    giveCamera(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    renderRoute(routes, '/qr');
    expect(
      await screen.findByText("We couldn't open the camera. You can scan from a photo instead."),
    ).toBeTruthy();
  });

  it("a table's menu QR -> the menu of that restaurant and table, in the app; the camera is stopped", async () => {
    const { stream, stop } = cameraStream();
    giveCamera(() => Promise.resolve(stream));
    detectorMock.createQrDetector.mockResolvedValue(
      detectorReading('https://santap.my/r/kopitiam-ali/1?source=qr&tableId=5003&tableNo=T5'),
    );
    const { router } = renderRoute(routes, '/qr');
    expect(await screen.findByText('menu page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/r/kopitiam-ali/1?source=qr&tableId=5003&tableNo=T5',
    );
    // The scan page stops its camera as it unmounts (an effect's clean-up, run after the menu renders).
    await waitFor(() => expect(stop).toHaveBeenCalled());
  });

  it('a printed table QR -> opened on this site for the server to check the table', async () => {
    const { stream } = cameraStream();
    giveCamera(() => Promise.resolve(stream));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    detectorMock.createQrDetector.mockResolvedValue(
      detectorReading('https://santap.my/set_restaurant_qr.php?restaurant_id=1001&tid=5003'),
    );
    renderRoute(routes, '/qr');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/set_restaurant_qr.php?restaurant_id=1001&tid=5003'),
    );
  });

  it("a QR that is not Santap's -> 'Invalid QR code.', and scanning goes on", async () => {
    const { stream } = cameraStream();
    giveCamera(() => Promise.resolve(stream));
    const detector = detectorReading('hello world');
    detectorMock.createQrDetector.mockResolvedValue(detector);
    const { router } = renderRoute(routes, '/qr');
    expect(await screen.findByText('Invalid QR code.')).toBeTruthy();
    expect(screen.getByText('This is not a Santap QR code. Try the code on your table.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/qr');
    await waitFor(() => expect(vi.mocked(detector.detect).mock.calls.length).toBeGreaterThan(1));
  });
});
