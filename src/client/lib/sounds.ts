/**
 * Sound effects (spec §9) through Web Audio at gain 0.1. The schedules are pure data
 * (unit-tested); the player creates its AudioContext lazily on first use, follows the
 * user's Sound Effects setting and never throws.
 */
import { readMirroredFlag } from "./settings/mirror-flag";

export type SoundName = "delete" | "bulkDelete" | "success" | "click" | "swipe" | "error";

export interface Tone {
  frequency: number;
  /** Seconds after the sound starts. */
  start: number;
  /** Seconds. */
  duration: number;
  type: OscillatorType;
}

export const SOUND_GAIN = 0.1;

const tone = (frequency: number, start: number, duration: number, type: OscillatorType = "sine"): Tone => ({
  frequency,
  start,
  duration,
  type,
});

/** Five tones falling evenly from 1000 to 300 Hz, 80 ms apart. */
function bulkDelete(): Tone[] {
  return [0, 1, 2, 3, 4].map((i) => tone(1000 - (700 * i) / 4, i * 0.08, 0.08));
}

export function soundSchedule(name: SoundName): Tone[] {
  switch (name) {
    case "delete":
      return [tone(800, 0, 0.1), tone(400, 0.1, 0.1)];
    case "bulkDelete":
      return bulkDelete();
    case "success":
      return [tone(523, 0, 0.12), tone(659, 0.1, 0.12), tone(784, 0.2, 0.2)];
    case "click":
      return [tone(1000, 0, 0.05, "square")];
    case "swipe":
      return [tone(600, 0, 0.06), tone(400, 0.06, 0.06)];
    case "error":
      return [tone(200, 0, 0.2, "sawtooth")];
  }
}

// Starts from the saved choice, so "off" holds from the first tap after a reload.
let enabled = readMirroredFlag("soundEffects", true);
/** Follows the user's Sound Effects setting. */
export function setSoundsEnabled(on: boolean): void {
  enabled = on;
}

export function isSoundsEnabled(): boolean {
  return enabled;
}

let context: AudioContext | null | undefined;

function audioContext(): AudioContext | null {
  if (context !== undefined) return context;
  const Ctor =
    typeof window === "undefined"
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  try {
    context = Ctor ? new Ctor() : null;
  } catch {
    context = null;
  }
  return context;
}

/** Plays a sound effect; false when sounds are off or Web Audio is unavailable. */
export function playSound(name: SoundName): boolean {
  if (!enabled) return false;
  const ctx = audioContext();
  if (!ctx) return false;
  try {
    if (ctx.state === "suspended") void ctx.resume();
    const t0 = ctx.currentTime;
    for (const t of soundSchedule(name)) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = t.type;
      osc.frequency.setValueAtTime(t.frequency, t0 + t.start);
      // A quick fade-out instead of a hard stop avoids an audible click.
      gain.gain.setValueAtTime(SOUND_GAIN, t0 + t.start);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + t.start + t.duration);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + t.start);
      osc.stop(t0 + t.start + t.duration);
    }
    return true;
  } catch (error) {
    console.warn("CleanSpace: playing a sound failed", error);
    return false;
  }
}
