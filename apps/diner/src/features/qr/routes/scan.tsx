import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Banner, Button, LanguageButton, Page, Spinner } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { createQrDetector } from '../lib/detector';
import type { QrDetector } from '../lib/detector';
import { qrDestination } from '../lib/qr-destination';
import '../qr.css';

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable' | 'opening';

/** How often a camera frame is read (a QR is found within a few frames; the phone stays cool). */
const SCAN_INTERVAL_MS = 250;

/**
 * `/qr`: reads a table QR with the camera (BarcodeDetector, or its polyfill loaded here only) and
 * follows it: menu links in the app, printed QRs through the server (which checks the table and a
 * dynamic QR's validity), an expired QR to its popup, anything else 'Invalid QR code.'. Without a
 * camera (permission off, no device) a photo of the QR can be read instead.
 */
export function Component() {
  const { t } = useT();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const detector = useRef<Promise<QrDetector> | undefined>(undefined);
  const [camera, setCamera] = useState<CameraState>('starting');
  const [invalid, setInvalid] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const getDetector = () => (detector.current ??= createQrDetector());

  // A table change (spec §2) sends the diner here for the new table's QR and takes its text back.
  const [query] = useSearchParams();
  const changeTable = query.get('changeTable');
  const follow = useCallback(
    (text: string) => {
      if (changeTable && /^\d+$/.test(changeTable)) {
        navigate(paths.changeTable(changeTable, text), { replace: true });
        return true;
      }
      const destination = qrDestination(text, new Date());
      if (destination.kind === 'app') navigate(destination.to);
      else if (destination.kind === 'server') {
        setCamera('opening');
        window.location.assign(destination.href);
      } else if (destination.reason === 'errors.qrExpired') navigate(paths.qrError(destination.reason));
      else {
        setInvalid(true);
        return false;
      }
      return true;
    },
    [changeTable, navigate],
  );

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCamera('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        setCamera(
          error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable',
        );
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setCamera('scanning');
      const scanner = await getDetector();
      const tick = async () => {
        if (stopped || !video.current) return;
        try {
          if (video.current.readyState >= 2) {
            const [code] = await scanner.detect(video.current);
            if (code && follow(code.rawValue)) return;
          }
        } catch {
          // a frame that could not be read: try the next one
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // `attempt` restarts the camera (the retry button).
  }, [attempt, follow]);

  const readPhoto = async (file: File) => {
    setInvalid(false);
    try {
      const bitmap = await createImageBitmap(file);
      const [code] = await (await getDetector()).detect(bitmap);
      if (!code || !follow(code.rawValue)) setInvalid(true);
    } catch {
      setInvalid(true);
    }
  };

  return (
    <Page title={t('qr.title')} onBack={() => navigate(paths.home())} headerEnd={<LanguageButton />}>
      <div className="dn-stack">
        <div className="dn-scanner">
          <video ref={video} className="dn-scanner__video" muted playsInline aria-hidden="true" />
          {camera === 'scanning' ? <div className="dn-scanner__frame" aria-hidden="true" /> : null}
          {camera === 'starting' || camera === 'opening' ? (
            <div className="dn-scanner__overlay">
              <Spinner label={camera === 'opening' ? t('qr.opening') : t('qr.starting')} />
            </div>
          ) : null}
        </div>
        <p role="status" className="dn-muted">
          {camera === 'scanning' ? t('qr.instructions') : ''}
        </p>
        {invalid ? (
          <Banner tone="error" title={t('errors.invalidQr')} onDismiss={() => setInvalid(false)}>
            {t('qr.tryAgain')}
          </Banner>
        ) : null}
        {camera === 'denied' ? <Banner tone="warning">{t('qr.cameraDenied')}</Banner> : null}
        {camera === 'unavailable' ? <Banner tone="warning">{t('qr.cameraUnavailable')}</Banner> : null}
        {camera === 'denied' || camera === 'unavailable' ? (
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('app.retry')}
          </Button>
        ) : null}
        <label className="st-button st-button--secondary dn-photo-button">
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="st-visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void readPhoto(file);
            }}
          />
          <span className="st-button__label">{t('qr.fromPhoto')}</span>
        </label>
      </div>
    </Page>
  );
}
