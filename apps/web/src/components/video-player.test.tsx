import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoPlayer, formatClock } from './video-player.tsx';

// jsdom has no media engine: play() and pause() flip `paused` and fire the events a browser fires.
function setPaused(video: HTMLMediaElement, paused: boolean) {
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  video.dispatchEvent(new Event(paused ? 'pause' : 'play'));
}
const play = vi.fn(function (this: HTMLMediaElement) {
  setPaused(this, false);
  return Promise.resolve();
});
const pause = vi.fn(function (this: HTMLMediaElement) {
  setPaused(this, true);
});
const requestFullscreen = vi.fn(() => Promise.resolve());
const exitFullscreen = vi.fn(() => Promise.resolve());
let fullscreenElement: Element | null = null;

beforeEach(() => {
  play.mockClear();
  pause.mockClear();
  requestFullscreen.mockClear();
  exitFullscreen.mockClear();
  fullscreenElement = null;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: requestFullscreen });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exitFullscreen });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setup(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  const onClose = vi.fn();
  render(<VideoPlayer src="/uploads/lever-de-rideau.mp4" title="Lever de rideau" onClose={onClose} {...props} />);
  const player = screen.getByRole('group', { name: 'Lecteur vidéo : Lever de rideau' });
  const video = player.querySelector('video')!;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => 120 });
  fireEvent(video, new Event('loadedmetadata'));
  return { onClose, player, video };
}

const volume = () => screen.getByRole('slider', { name: 'Volume' });

describe('VideoPlayer', { timeout: 20_000 }, () => {
  it('names every control in French', () => {
    setup();
    for (const name of ['Lecture', 'Reculer de 10 secondes', 'Avancer de 10 secondes', 'Couper le son', 'Plein écran', 'Fermer']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('slider', { name: 'Progression' })).toHaveAttribute('aria-valuemax', '120');
  });

  it('has a volume range from 0 to 1 in steps of 0.01', () => {
    setup();
    expect(volume()).toHaveAttribute('type', 'range');
    expect(volume()).toHaveAttribute('min', '0');
    expect(volume()).toHaveAttribute('max', '1');
    expect(volume()).toHaveAttribute('step', '0.01');
  });

  it('plays and pauses with the button, whose label follows the state', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Lecture' }));
    expect(play).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeInTheDocument();
  });

  it('toggles play with Space, but not when the volume slider has the focus', async () => {
    const user = userEvent.setup();
    const { player } = setup();
    act(() => player.focus());
    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(pause).toHaveBeenCalledTimes(1);

    act(() => volume().focus());
    await user.keyboard(' ');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('lets Space click a focused button instead of also toggling play', async () => {
    const user = userEvent.setup();
    const { video } = setup();
    act(() => screen.getByRole('button', { name: 'Avancer de 10 secondes' }).focus());
    await user.keyboard(' ');
    expect(video.currentTime).toBe(10);
    expect(play).not.toHaveBeenCalled();
  });

  it('ignores Space and F typed in a form field', () => {
    setup();
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { key: ' ' });
    fireEvent.keyDown(input, { key: 'f' });
    expect(play).not.toHaveBeenCalled();
    expect(requestFullscreen).not.toHaveBeenCalled();
    input.remove();
  });

  it('toggles fullscreen on the player with F and with the button', async () => {
    const user = userEvent.setup();
    const { player } = setup();
    act(() => player.focus());
    await user.keyboard('f');
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(requestFullscreen.mock.contexts[0]).toBe(player);

    fullscreenElement = player;
    fireEvent(document, new Event('fullscreenchange'));
    expect(screen.getByRole('button', { name: 'Plein écran' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('F');
    expect(exitFullscreen).toHaveBeenCalledTimes(1);

    fullscreenElement = null;
    fireEvent(document, new Event('fullscreenchange'));
    await user.click(screen.getByRole('button', { name: 'Plein écran' }));
    expect(requestFullscreen).toHaveBeenCalledTimes(2);
    act(() => volume().focus());
    await user.keyboard('f');
    expect(requestFullscreen).toHaveBeenCalledTimes(2);
  });

  it('closes with Escape and with the Fermer button', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('seeks 10 s back and forth within the video', async () => {
    const user = userEvent.setup();
    const { video } = setup();
    video.currentTime = 30;
    await user.click(screen.getByRole('button', { name: 'Avancer de 10 secondes' }));
    expect(video.currentTime).toBe(40);
    await user.click(screen.getByRole('button', { name: 'Reculer de 10 secondes' }));
    await user.click(screen.getByRole('button', { name: 'Reculer de 10 secondes' }));
    expect(video.currentTime).toBe(20);
    video.currentTime = 4;
    await user.click(screen.getByRole('button', { name: 'Reculer de 10 secondes' }));
    expect(video.currentTime).toBe(0);
    video.currentTime = 115;
    await user.click(screen.getByRole('button', { name: 'Avancer de 10 secondes' }));
    expect(video.currentTime).toBe(120);
  });

  it('seeks where the progress bar is clicked', () => {
    const { video } = setup();
    const progress = screen.getByRole('slider', { name: 'Progression' });
    progress.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 20, right: 500, bottom: 20, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.click(progress, { clientX: 200 });
    expect(video.currentTime).toBe(30);
    expect(progress).toHaveAttribute('aria-valuenow', '30');
    expect(progress).toHaveAttribute('aria-valuetext', '0:30 sur 2:00');
  });

  it('mutes and unmutes, and sets the volume from the slider', async () => {
    const user = userEvent.setup();
    const { video } = setup();
    const mute = screen.getByRole('button', { name: 'Couper le son' });
    await user.click(mute);
    expect(video.muted).toBe(true);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect(volume()).toHaveValue('0');
    await user.click(mute);
    expect(video.muted).toBe(false);
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    expect(volume()).toHaveValue('1');

    fireEvent.change(volume(), { target: { value: '0.35' } });
    expect(video.volume).toBe(0.35);
    fireEvent.change(volume(), { target: { value: '0' } });
    expect(video.muted).toBe(true);
  });

  it('hides the controls after 3 s without activity while playing, and shows them again on activity', () => {
    vi.useFakeTimers();
    const { player } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Lecture' }));
    expect(player).toHaveAttribute('data-controls', 'visible');
    act(() => vi.advanceTimersByTime(2999));
    expect(player).toHaveAttribute('data-controls', 'visible');
    act(() => vi.advanceTimersByTime(1));
    expect(player).toHaveAttribute('data-controls', 'hidden');

    fireEvent.mouseMove(player);
    expect(player).toHaveAttribute('data-controls', 'visible');
    act(() => vi.advanceTimersByTime(3000));
    expect(player).toHaveAttribute('data-controls', 'hidden');

    fireEvent.focus(screen.getByRole('button', { name: 'Pause' }));
    expect(player).toHaveAttribute('data-controls', 'visible');
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.keyDown(document.body, { key: 'ArrowDown' });
    expect(player).toHaveAttribute('data-controls', 'visible');
  });

  it('keeps the controls while paused', () => {
    vi.useFakeTimers();
    const { player } = setup();
    act(() => vi.advanceTimersByTime(10_000));
    expect(player).toHaveAttribute('data-controls', 'visible');
  });

  it('starts at once when asked to', () => {
    setup({ autoPlay: true });
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });
});

describe('formatClock', () => {
  it('writes minutes and seconds, and hours past an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.7)).toBe('1:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
