import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { LoadingSpinner } from '@/components/ui/loading-spinner';
import { createQrDetector } from '../lib/qr-detector';

/** How often a frame is looked at while the camera runs. */
const SCAN_EVERY_MS = 200;

function cameraError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'Der Zugriff auf die Kamera wurde nicht erlaubt.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Dieses Gerät hat keine Kamera.';
  return 'Die Kamera konnte nicht gestartet werden.';
}

/**
 * The back camera while `active`: a frame looked at every SCAN_EVERY_MS until a QR code is read, then the
 * camera stops and the code's text goes to `onScan`; a camera that cannot start says why.
 */
function useCameraScan(onScan: (text: string) => void) {
  const [active, setActive] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    void (async () => {
      try {
        const [detector, media] = await Promise.all([
          createQrDetector(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        const video = videoRef.current;
        if (stopped || !video) return stop();
        video.srcObject = media;
        await video.play();
        setStarting(false);
        const scan = async () => {
          if (stopped) return;
          if (video.readyState >= 2) {
            const codes = await detector.detect(video).catch(() => []);
            const text = codes[0]?.rawValue;
            if (text && !stopped) {
              stop();
              setActive(false);
              onScanRef.current(text);
              return;
            }
          }
          timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
        };
        void scan();
      } catch (e) {
        if (stopped) return;
        stop();
        setStarting(false);
        setActive(false);
        setError(cameraError(e));
      }
    })();
    return stop;
  }, [active]);

  const start = () => {
    setError(null);
    setStarting(true);
    setActive(true);
  };
  return { active, starting, error, videoRef, start, stop: () => setActive(false) };
}

/**
 * «Ausweis scannen»: the phone's back camera in a small preview until a QR code is read; the
 * code's text goes to `onScan` and the camera stops. The reader is loaded on first use.
 */
export function CardScanner({ onScan }: { onScan: (text: string) => void }) {
  const { active, starting, error, videoRef, start, stop } = useCameraScan(onScan);
  return (
    <div className="card-scanner">
      {active ? (
        <div className="d-grid gap-2">
          {starting ? <LoadingSpinner label="Kamera wird gestartet…" size="sm" /> : null}
          <video
            ref={videoRef}
            className="card-scanner-video rounded border"
            muted
            playsInline
            aria-label="Kamerabild zum Scannen des Ausweises"
          />
          <Button variant="outline-secondary" onClick={stop}>
            Scannen beenden
          </Button>
        </div>
      ) : (
        <Button variant="primary" className="w-100" onClick={start}>
          Ausweis scannen
        </Button>
      )}
      {error ? (
        <div className="mt-2">
          <ErrorAlert message={error} />
        </div>
      ) : null}
    </div>
  );
}
