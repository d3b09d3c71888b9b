import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { TIMINGS } from '@bande/shared/constants';
import { isFormField } from './lightbox.tsx';
import styles from './video-player.module.css';

export interface VideoPlayerProps {
  src: string;
  poster?: string | null;
  /** Shown above the picture and used in the player's accessible name. */
  title: string;
  /** Escape and the 'Fermer' button call it (no close button without it). */
  onClose?: () => void;
  /** Starts playing at once (opened by a click, so the browser allows sound). */
  autoPlay?: boolean;
  /** Takes the keyboard focus when it appears, so that Space and F work at once. */
  autoFocus?: boolean;
}

/** '1:05', or '1:02:03' past an hour. */
export function formatClock(totalSeconds: number): string {
  const seconds = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Keys a focused button or link turns into its own click: Space there must not also toggle play. */
const nativelyActivated = (target: EventTarget | null) => target instanceof Element && target.closest('button, a[href], summary') !== null;

/**
 * The gallery's video player: play/pause, -10 s / +10 s, volume (0 to 1 by 0.01), mute, fullscreen on
 * the player, a progress bar to click or drag, and controls that hide after 3 s without activity while
 * playing. Keys: Space plays or pauses, F toggles fullscreen (both ignored in form fields), ←/→ seek,
 * Escape closes (always: a keyboard user must be able to leave the dialog from any control).
 */
export function VideoPlayer({ src, poster, title, onClose, autoPlay = false, autoFocus = false }: VideoPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const playingRef = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolumeState] = useState(1);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [failed, setFailed] = useState(false);

  /** Any activity shows the controls; while playing they hide again after the idle delay. */
  const wake = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(idleTimer.current);
    if (playingRef.current) idleTimer.current = setTimeout(() => setControlsVisible(false), TIMINGS.playerIdleMs);
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      // A refused play() (autoplay policy, unreadable file) leaves the player paused; the error event reports the file.
      Promise.resolve(video.play()).catch(() => undefined);
    } else {
      video.pause();
    }
  }, []);

  const seekTo = useCallback((seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration : Infinity;
    const target = Math.min(Math.max(seconds, 0), end);
    video.currentTime = target;
    setCurrent(target);
  }, []);
  const seekBy = useCallback((step: number) => seekTo((videoRef.current?.currentTime ?? 0) + step), [seekTo]);

  const toggleFullscreen = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
    } else if (typeof container.requestFullscreen === 'function') {
      void Promise.resolve(container.requestFullscreen()).catch(() => undefined);
    } else {
      // iPhone Safari has no element fullscreen, only the native video one.
      (videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null)?.webkitEnterFullscreen?.();
    }
  }, []);

  function setVolume(value: number) {
    const video = videoRef.current;
    if (!video) return;
    video.volume = value;
    video.muted = value === 0;
    setVolumeState(value);
    setMuted(value === 0);
  }

  function toggleMute() {
    const video = videoRef.current;
    if (!video) return;
    const nextMuted = !video.muted;
    video.muted = nextMuted;
    // Unmuting a slider left at zero would stay silent: give it an audible level back.
    if (!nextMuted && video.volume === 0) video.volume = 0.5;
    setMuted(nextMuted);
    setVolumeState(video.volume);
  }

  // Media events are the truth about the element's state (play() can be refused, a video can end).
  useEffect(() => {
    const video = videoRef.current!;
    const onPlay = () => {
      playingRef.current = true;
      setPlaying(true);
      wake();
    };
    const onPause = () => {
      playingRef.current = false;
      setPlaying(false);
      clearTimeout(idleTimer.current);
      setControlsVisible(true);
    };
    const onTime = () => setCurrent(video.currentTime);
    const onDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    const onVolume = () => {
      setVolumeState(video.volume);
      setMuted(video.muted);
    };
    const onError = () => setFailed(true);
    const events: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['timeupdate', onTime],
      ['loadedmetadata', onDuration],
      ['durationchange', onDuration],
      ['volumechange', onVolume],
      ['error', onError],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    if (autoPlay) Promise.resolve(video.play()).catch(() => undefined);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      clearTimeout(idleTimer.current);
    };
    // The element and its listeners are set up once; autoPlay only matters at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wake]);

  useEffect(() => {
    if (autoFocus) containerRef.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The keys work wherever the focus is while the player is shown (it lives in a modal dialog).
  // An effect event: the listener is registered once and calls the current render's functions.
  const onPlayerKey = useEffectEvent((event: KeyboardEvent) => {
    wake();
    if (event.key === 'Escape') {
      if (!onClose) return;
      event.preventDefault();
      onClose();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || isFormField(event.target)) return;
    if (event.key === ' ' || event.key === 'Spacebar') {
      if (nativelyActivated(event.target)) return;
      event.preventDefault();
      togglePlay();
    } else if (event.key === 'f' || event.key === 'F') {
      event.preventDefault();
      toggleFullscreen();
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      seekBy(event.key === 'ArrowLeft' ? -TIMINGS.seekStepSeconds : TIMINGS.seekStepSeconds);
    }
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => onPlayerKey(event);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function seekFromPointer(event: ReactMouseEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0 || duration <= 0) return;
    const fraction = Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1);
    seekTo(fraction * duration);
  }

  function onProgressKey(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else return;
    event.preventDefault();
  }

  const percent = duration > 0 ? Math.min((current / duration) * 100, 100) : 0;
  const shownVolume = muted ? 0 : volume;

  return (
    <div
      ref={containerRef}
      className={styles.player}
      data-controls={controlsVisible ? 'visible' : 'hidden'}
      data-fullscreen={fullscreen || undefined}
      role="group"
      aria-label={`Lecteur vidéo : ${title}`}
      tabIndex={-1}
      onMouseMove={wake}
      onPointerDown={wake}
      onFocus={wake}
    >
      <video
        ref={videoRef}
        className={styles.video}
        src={src}
        poster={poster ?? undefined}
        preload="metadata"
        playsInline
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
      >
        <a href={src}>Télécharger la vidéo</a>
      </video>

      {!playing && !failed ? (
        <span className={styles.bigPlay} aria-hidden="true">
          <Icon name="play" size={34} />
        </span>
      ) : null}
      {failed ? (
        <p className={styles.failed} role="alert">
          Cette vidéo ne peut pas être lue par votre navigateur. <a href={src}>Télécharger la vidéo</a>
        </p>
      ) : null}

      <div className={`${styles.bar} ${styles.top}`}>
        <p className={styles.title}>{title}</p>
        {onClose ? (
          <button type="button" className={styles.close} onClick={onClose}>
            <Icon name="close" />
            <span>Fermer</span>
          </button>
        ) : null}
      </div>

      <div className={`${styles.bar} ${styles.controls}`}>
        <div
          className={styles.progress}
          role="slider"
          tabIndex={0}
          aria-label="Progression"
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(current)}
          aria-valuetext={`${formatClock(current)} sur ${formatClock(duration)}`}
          onClick={seekFromPointer}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture?.(event.pointerId);
            seekFromPointer(event);
          }}
          onPointerMove={(event) => {
            if (event.currentTarget.hasPointerCapture?.(event.pointerId)) seekFromPointer(event);
          }}
          onKeyDown={onProgressKey}
        >
          <span className={styles.track}>
            <span className={styles.played} style={{ width: `${percent}%` }} />
            <span className={styles.thumb} style={{ left: `${percent}%` }} />
          </span>
        </div>

        <div className={styles.row}>
          <button type="button" className={styles.button} onClick={togglePlay} aria-label={playing ? 'Pause' : 'Lecture'}>
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <button type="button" className={styles.button} onClick={() => seekBy(-TIMINGS.seekStepSeconds)} aria-label="Reculer de 10 secondes">
            <Icon name="back" />
          </button>
          <button type="button" className={styles.button} onClick={() => seekBy(TIMINGS.seekStepSeconds)} aria-label="Avancer de 10 secondes">
            <Icon name="forward" />
          </button>
          <p className={styles.time}>
            <span className="visually-hidden">Position : </span>
            {formatClock(current)} <span aria-hidden="true">/</span>
            <span className="visually-hidden"> sur </span> {formatClock(duration)}
          </p>
          <span className={styles.spacer} />
          <button type="button" className={styles.button} onClick={toggleMute} aria-label="Couper le son" aria-pressed={muted}>
            <Icon name={muted || volume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            className={styles.volume}
            type="range"
            min={0}
            max={1}
            step={0.01}
            value={shownVolume}
            aria-label="Volume"
            aria-valuetext={`${Math.round(shownVolume * 100)} %`}
            style={{ '--fill': `${shownVolume * 100}%` } as CSSProperties}
            onChange={(event) => setVolume(Number(event.target.value))}
          />
          <button type="button" className={styles.button} onClick={toggleFullscreen} aria-label="Plein écran" aria-pressed={fullscreen}>
            <Icon name={fullscreen ? 'shrink' : 'expand'} />
          </button>
        </div>
      </div>
    </div>
  );
}

const ICONS = {
  play: 'M8 5.5v13l11-6.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  back: 'M12 4a8 8 0 1 1-8 8M12 4l2.6-2.4M12 4l2.6 2.4',
  forward: 'M12 4a8 8 0 1 0 8 8M12 4L9.4 1.6M12 4L9.4 6.4',
  volume: 'M4 9.5h3.5L12 6v12l-4.5-3.5H4zM15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11',
  muted: 'M4 9.5h3.5L12 6v12l-4.5-3.5H4zM16 9.5l5 5M21 9.5l-5 5',
  expand: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  shrink: 'M9 4v5H4M20 9h-5V4M15 20v-5h5M4 15h5v5',
  close: 'M6 6l12 12M18 6L6 18',
} as const;

function Icon({ name, size = 22 }: { name: keyof typeof ICONS; size?: number }) {
  const filled = name === 'play' || name === 'pause';
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={ICONS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {name === 'back' || name === 'forward' ? (
        // The step in seconds, drawn inside the circular arrow.
        <text x="12" y="15.2" textAnchor="middle" fontSize="7.5" fontWeight="700" fill="currentColor" fontFamily="inherit">
          10
        </text>
      ) : null}
    </svg>
  );
}
